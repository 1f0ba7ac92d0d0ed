// Site build benchmark: the generator against a bare-Astro baseline (bench/baseline/) on the same
// generated corpus (bench/corpus.ts: ~7.6 KB of Markdown per page, 10 sections), N cold builds of
// each, alternating, and a side-by-side table: wall time, peak memory and the ratio ours/baseline.
// Cold: every build runs with `--force` (content layer cache cleared).
// Each build's phases (from its log lines: content sync, Vite, rendering, Pagefind, leak guard, link
// check) get their time and peak memory; `--cpu-prof` also writes a V8 CPU profile of every build
// and prints where its samples fell (bench/cpu-profile.ts).
// Before each build it waits (at most 3 minutes) for a load average under 1, as the README's figures
// ask; `--no-wait` builds at once.
// Usage: node bench/site.ts [pages...] [--runs N] [--cpu-prof] [--no-wait]   (default: 1000 5000, 3 runs)
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCorpus } from './corpus.ts';
import { javascriptWeight } from './js-weight.ts';
import { printProfile, profilesIn } from './cpu-profile.ts';
import { printPhases } from './phases.ts';
import { describeBuild, median, parseRuns, PROJECT_ROOT, quietMachine, spread, timedAstroBuild, type TimedBuild } from './timed-build.ts';

const BASELINE_ROOT = join(import.meta.dirname, 'baseline');
const TIMEOUT_SECONDS = 900;
/** The goals at 5,000 pages: wall and CPU within 1.25x of the baseline's, the peak of all processes within 1.1x of its. */
const GOAL_RATIO = 1.25;
const GOAL_PEAK_RATIO = 1.1;
const GOAL_PAGES = 5000;

interface SizeResult {
  pages: number;
  markdownBytesPerPage: number;
  ours: TimedBuild[];
  baseline: TimedBuild[];
  oursPagesBuilt: number;
  baselinePagesBuilt: number;
  htmlBytesPerPage: number;
  jsGzipBytesPerPage: number;
}

function htmlPages(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('index.html') && file.includes('guide-'));
  } catch {
    return [];
  }
}

const PROFILE_ROOT = join(tmpdir(), 'caravan-bench-profiles');

/** A fresh folder for one build's CPU profile, or undefined without `--cpu-prof`. */
function profileDir(enabled: boolean, name: string): string | undefined {
  if (!enabled) return undefined;
  const dir = join(PROFILE_ROOT, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function benchSize(pages: number, runs: number, cpuProfile: boolean, wait: boolean): Promise<SizeResult> {
  const root = join(tmpdir(), `caravan-bench-site-${pages}`);
  const oursOut = join(root, 'out-ours');
  const baselineOut = join(root, 'out-baseline');
  const corpus = writeCorpus(root, pages);
  const markdownBytesPerPage = corpus.markdownBytes / corpus.pages;
  console.log(`\n${pages} pages: corpus in ${root}, ${(markdownBytesPerPage / 1000).toFixed(2)} KB of Markdown per page on average`);
  const ours: TimedBuild[] = [];
  const baseline: TimedBuild[] = [];
  const quiet = async () => {
    if (wait) await quietMachine();
  };
  const buildOurs = (run: number) =>
    timedAstroBuild({
      astroArgs: ['build', '--force', '--outDir', oursOut],
      cwd: PROJECT_ROOT,
      env: { ...process.env, DOCS_ROOT: root },
      timeoutSeconds: TIMEOUT_SECONDS,
      cpuProfileDir: profileDir(cpuProfile, `site-${pages}-ours-${run}`),
    });
  const buildBaseline = (run: number) =>
    timedAstroBuild({
      astroArgs: ['build', '--force', '--root', BASELINE_ROOT, '--outDir', baselineOut],
      cwd: PROJECT_ROOT,
      env: { ...process.env, BASELINE_CONTENT_DIR: join(root, 'content/1.0') },
      timeoutSeconds: TIMEOUT_SECONDS,
      cpuProfileDir: profileDir(cpuProfile, `site-${pages}-baseline-${run}`),
    });
  for (let run = 1; run <= runs; run++) {
    // A B A B …: both sides see the same drift of a shared machine.
    await quiet();
    const a = await buildOurs(run);
    ours.push(a);
    console.log(`  run ${run}/${runs} ours:     ${describeBuild(a)}`);
    if (a.outcome !== 'ok') console.log(indent(a.tail));
    await quiet();
    const b = await buildBaseline(run);
    baseline.push(b);
    console.log(`  run ${run}/${runs} baseline: ${describeBuild(b)}`);
    if (b.outcome !== 'ok') console.log(indent(b.tail));
  }
  const docPages = htmlPages(join(oursOut, '1.0'));
  const htmlBytes = docPages.reduce((sum, file) => sum + statSync(join(oursOut, '1.0', file)).size, 0);
  const result: SizeResult = {
    pages,
    markdownBytesPerPage,
    ours,
    baseline,
    oursPagesBuilt: docPages.length,
    baselinePagesBuilt: htmlPages(baselineOut).length,
    htmlBytesPerPage: docPages.length > 0 ? htmlBytes / docPages.length : Number.NaN,
    jsGzipBytesPerPage: docPages.length > 0 ? javascriptWeight(join(oursOut, '1.0', docPages[0]!), oursOut) : Number.NaN,
  };
  rmSync(root, { recursive: true, force: true });
  return result;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `      | ${line}`)
    .join('\n');
}

const ok = (builds: readonly TimedBuild[]) => builds.filter((build) => build.outcome === 'ok');
const seconds = (builds: readonly TimedBuild[]) => ok(builds).map((build) => build.wallSeconds);
const mebibytes = (builds: readonly TimedBuild[]) => ok(builds).map((build) => build.peakKiB / 1024);
const cpuSeconds = (builds: readonly TimedBuild[]) => ok(builds).map((build) => build.cpuSeconds);
const treeMebibytes = (builds: readonly TimedBuild[]) => ok(builds).map((build) => build.treePeakKiB / 1024);

/** Ratios ours/baseline of the runs paired in order (both succeeded). */
function pairedRatios(result: SizeResult, figure: (build: TimedBuild) => number): number[] {
  const ratios: number[] = [];
  result.ours.forEach((build, index) => {
    const other = result.baseline[index];
    if (build.outcome === 'ok' && other?.outcome === 'ok') ratios.push(figure(build) / figure(other));
  });
  return ratios;
}

function cell(builds: readonly TimedBuild[], values: number[], digits: number): string {
  const failed = builds.length - ok(builds).length;
  const text = spread(values, digits);
  return failed > 0 ? `${text} [${failed}/${builds.length} failed]` : text;
}

const times = (text: string) => (text === '—' ? text : `${text}x`);
const fixed = (value: number, digits: number, unit = '') => (Number.isFinite(value) ? `${value.toFixed(digits)}${unit}` : '—');

function printTable(header: string[], rows: string[][]): void {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

const { runs, rest } = parseRuns(process.argv.slice(2), 3);
const cpuProfile = rest.includes('--cpu-prof');
const sizes = rest.map(Number).filter((n) => Number.isInteger(n) && n > 0);
const results: SizeResult[] = [];
for (const pages of sizes.length > 0 ? sizes : [1000, 5000]) results.push(await benchSize(pages, runs, cpuProfile, !rest.includes('--no-wait')));

console.log(`\nSite build, ours vs bare Astro on the same corpus (one version, 10 sections; ${runs} cold run(s) each, alternating; median (min–max))`);
console.log('\nTime (ratios are of the runs paired in order; CPU = user + system seconds of every process of the build, Pagefind’s included)');
printTable(
  ['pages', 'Markdown per page', 'ours wall (s)', 'baseline wall (s)', 'wall ours/baseline', 'ours CPU (s)', 'baseline CPU (s)', 'CPU ours/baseline'],
  results.map((r) => [
    r.pages.toLocaleString('en-US'),
    `${(r.markdownBytesPerPage / 1000).toFixed(2)} KB`,
    cell(r.ours, seconds(r.ours), 1),
    cell(r.baseline, seconds(r.baseline), 1),
    times(spread(pairedRatios(r, (build) => build.wallSeconds), 2)),
    cell(r.ours, cpuSeconds(r.ours), 1),
    cell(r.baseline, cpuSeconds(r.baseline), 1),
    times(spread(pairedRatios(r, (build) => build.cpuSeconds), 2)),
  ]),
);
console.log('\nPeak memory (MiB; largest process: GNU time\'s maximum resident set; all processes: the largest sum over the build\'s processes, Astro plus Pagefind\'s, sampled every 100 ms)');
printTable(
  ['pages', 'ours, largest process', 'baseline, largest process', 'ours/baseline', 'ours, all processes', 'baseline, all processes'],
  results.map((r) => [
    r.pages.toLocaleString('en-US'),
    cell(r.ours, mebibytes(r.ours), 0),
    cell(r.baseline, mebibytes(r.baseline), 0),
    times(spread(pairedRatios(r, (build) => build.peakKiB), 2)),
    cell(r.ours, treeMebibytes(r.ours), 0),
    cell(r.baseline, treeMebibytes(r.baseline), 0),
  ]),
);
console.log('\nOurs, per page (last run; a page\'s HTML includes the windowed sidebar, search and discovery are built too)');
printTable(
  ['pages', 'pages built (ours / baseline)', 'pages/s (ours, median)', 'pages/s (baseline, median)', 'HTML per page', 'JS per page (gzip)'],
  results.map((r) => [
    r.pages.toLocaleString('en-US'),
    `${r.oursPagesBuilt} / ${r.baselinePagesBuilt}`,
    fixed(r.pages / median(seconds(r.ours)), 0),
    fixed(r.pages / median(seconds(r.baseline)), 0),
    fixed(r.htmlBytesPerPage / 1000, 1, ' KB'),
    fixed(r.jsGzipBytesPerPage / 1000, 2, ' KB'),
  ]),
);
for (const r of results) printPhases(`${r.pages.toLocaleString('en-US')} pages`, ok(r.ours), ok(r.baseline));
if (cpuProfile) {
  for (const r of results) {
    for (const side of ['ours', 'baseline']) {
      const file = profilesIn(join(PROFILE_ROOT, `site-${r.pages}-${side}-1`))[0];
      if (file) printProfile(file, 12);
    }
  }
  console.log(`\nProfiles (open in Chrome DevTools' Performance panel): ${PROFILE_ROOT}. Builds run about 10% slower while profiled.`);
}
console.log('');
for (const r of results.filter((result) => result.pages === GOAL_PAGES)) {
  const ratio = median(pairedRatios(r, (build) => build.wallSeconds));
  const cpuRatio = median(pairedRatios(r, (build) => build.cpuSeconds));
  const peakRatio = median(pairedRatios(r, (build) => build.treePeakKiB));
  const verdict = (figure: number, goal: number) => (Number.isNaN(figure) ? 'unknown' : figure <= goal ? 'met' : 'NOT met');
  console.log(
    `Goals at ${GOAL_PAGES.toLocaleString('en-US')} pages (medians of the paired runs): wall within ${GOAL_RATIO}x of the baseline: ${ratio.toFixed(2)}x, ${verdict(ratio, GOAL_RATIO)}; ` +
      `CPU within ${GOAL_RATIO}x: ${cpuRatio.toFixed(2)}x, ${verdict(cpuRatio, GOAL_RATIO)}; peak of all processes within ${GOAL_PEAK_RATIO}x: ${peakRatio.toFixed(2)}x, ${verdict(peakRatio, GOAL_PEAK_RATIO)}.`,
  );
}
const busiest = Math.max(...results.flatMap((r) => [...r.ours, ...r.baseline].map((build) => build.loadBefore)));
// Our own previous build keeps the one-minute average near 1.5 for a while; above the processor count, others ran too.
if (busiest > availableParallelism() + 0.5) {
  console.log(
    `Other work shared the machine (load average up to ${busiest.toFixed(1)} when a build started, on ${availableParallelism()} processors): wall times and their ratio are inflated and noisy; the CPU ratio is the steadier figure.`,
  );
}
if (results.some((r) => ok(r.ours).length < r.ours.length || ok(r.baseline).length < r.baseline.length)) process.exitCode = 1;
