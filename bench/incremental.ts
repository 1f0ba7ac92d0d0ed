// Incremental build benchmark: on the generated corpus (bench/corpus.ts), a cold build (`--force`),
// then a rebuild with no change, one with one page's body edited and one with one page's title
// renamed, each reusing the build before it. Prints wall and CPU time, each as a share of the cold
// build's, against the goals of issue 21, with the load average when each build started. Each
// build waits (up to 3 minutes) for a load average under 1, as the site bench does; `--no-wait`
// builds at once.
// Usage: node bench/incremental.ts [pages] [--no-wait]   (default: 5000)
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheFolderName, codeDigest } from '../src/integration/cache-folder.ts';
import { writeCorpus } from './corpus.ts';
import { describeBuild, PROJECT_ROOT, quietMachine, timedAstroBuild, type TimedBuild } from './timed-build.ts';

const TIMEOUT_SECONDS = 900;
/** Issue 21: a no-op rebuild and a body edit at most 10 % of the cold build's wall time, a title change 20 %. */
const GOALS = { 'no change': 0.1, 'one body edit': 0.1, 'one title change': 0.2 } as const;

const args = process.argv.slice(2);
const pages = Number(args.find((arg) => !arg.startsWith('--')) ?? 5000);
const wait = !args.includes('--no-wait');
const root = join(tmpdir(), `caravan-bench-incremental-${pages}`);
const out = join(root, 'out');
// The build's cache folder for this docs root (astro.config.mjs names it by the root's path).
const cacheDir = join(PROJECT_ROOT, 'node_modules/.astro', cacheFolderName(root, codeDigest(join(PROJECT_ROOT, 'src'))));
writeCorpus(root, pages);
rmSync(cacheDir, { recursive: true, force: true });
console.log(`${pages} pages: corpus in ${root}`);

const build = (force: boolean) =>
  timedAstroBuild({
    astroArgs: ['build', ...(force ? ['--force'] : []), '--outDir', out],
    cwd: PROJECT_ROOT,
    env: { ...process.env, DOCS_ROOT: root },
    timeoutSeconds: TIMEOUT_SECONDS,
  });

// A page in the middle of the site: its neighbours' sidebar windows show its title.
const edited = join(root, 'content/1.0/area-4/guide-0.md');
const steps: Array<[string, () => void, boolean]> = [
  ['cold', () => {}, true],
  ['no change', () => {}, false],
  ['one body edit', () => appendFileSync(edited, '\nOne more paragraph about the caravan routes.\n'), false],
  ['one title change', () => writeFileSync(edited, readFileSync(edited, 'utf8').replace(/^title: (.*)$/m, 'title: $1 (renamed)')), false],
];
const results: Array<[string, TimedBuild]> = [];
for (const [name, change, force] of steps) {
  change();
  if (wait) await quietMachine();
  const result = await build(force);
  results.push([name, result]);
  console.log(`  ${name.padEnd(16)} ${describeBuild(result)}`);
  // Where the time went: Astro's phase lines and ours (search index, leak guard, link check), with their clock times.
  for (const line of result.tail.split('\n').filter((text) => /Completed in|Search index|leak guard|Links:|built in/.test(text))) console.log(`      ${line.trim()}`);
  if (result.outcome !== 'ok') {
    console.log(result.tail);
    process.exitCode = 1;
    break;
  }
}

const cold = results[0]![1];
console.log(`\nIncremental rebuilds, ${pages.toLocaleString('en-US')} pages (one version, 10 sections), on ${availableParallelism()} processors`);
console.log('| build | wall (s) | share of cold wall | goal | CPU (s) | share of cold CPU | load average at start |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const [name, result] of results) {
  const goal = GOALS[name as keyof typeof GOALS];
  const share = result.wallSeconds / cold.wallSeconds;
  const verdict = goal === undefined ? '' : `≤ ${goal * 100} %: ${share <= goal ? 'met' : 'NOT met'}`;
  console.log(`| ${name} | ${result.wallSeconds.toFixed(1)} | ${(share * 100).toFixed(0)} % | ${verdict} | ${result.cpuSeconds.toFixed(1)} | ${((result.cpuSeconds / cold.cpuSeconds) * 100).toFixed(0)} % | ${result.loadBefore.toFixed(2)} |`);
}
rmSync(root, { recursive: true, force: true });
rmSync(cacheDir, { recursive: true, force: true });
