// API reference benchmark: builds a one-version site whose version carries a big public OpenAPI
// description and reports wall time, peak memory, operation pages built and HTML bytes per
// operation page. With GitHub it also builds the description trimmed to its first ~300 and ~600
// operations, to show whether the build time is linear in the number of operations.
// Each build waits (up to 3 minutes) for a load average under 1, as the site bench does; `--no-wait` builds at once.
// Usage: node bench/reference.ts [github] [stripe] [--runs N] [--timeout SECONDS] [--no-linear] [--no-wait]
//   (default: both corpora, 3 cold runs each, 300 s per build)
import { readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPORA, countOperations, descriptionFileName, operationPageSizes, trimmed, VERSION, writeSite, type Document } from './reference-site.ts';
import { describeBuild, median, parseRuns, percentile, PROJECT_ROOT, quietMachine, spread, timedAstroBuild, type TimedBuild } from './timed-build.ts';
const LINEAR_SIZES = [300, 600];

interface Measured {
  label: string;
  operations: number;
  descriptionBytes: number;
  builds: TimedBuild[];
  pageSizes: number[];
}

async function measure(label: string, document: Document, text: string, runs: number, timeoutSeconds: number, fileName: string): Promise<Measured> {
  const root = join(tmpdir(), `caravan-bench-reference-${label}`);
  const out = join(root, 'out');
  const operations = countOperations(document);
  console.log(`\n${label}: ${operations} operations, ${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB as content/${VERSION}/${fileName}, site in ${root}`);
  const builds: TimedBuild[] = [];
  let pageSizes: number[] = [];
  for (let run = 1; run <= runs; run++) {
    // A fresh docs root per run (same path, so the cache folder astro.config.mjs keys by it is reused) and --force: cold.
    writeSite(root, text, fileName);
    if (wait) await quietMachine();
    const build = await timedAstroBuild({
      astroArgs: ['build', '--force', '--outDir', out],
      cwd: PROJECT_ROOT,
      env: { ...process.env, DOCS_ROOT: root },
      timeoutSeconds,
    });
    builds.push(build);
    console.log(`  run ${run}/${runs}: ${describeBuild(build)}`);
    if (build.outcome !== 'ok') {
      console.log(build.tail.split('\n').map((line) => `      | ${line}`).join('\n'));
    } else {
      pageSizes = operationPageSizes(out);
    }
  }
  rmSync(root, { recursive: true, force: true });
  return { label, operations, descriptionBytes: Buffer.byteLength(text), builds, pageSizes };
}

function printTable(header: string[], rows: string[][]): void {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

const okBuilds = (m: Measured) => m.builds.filter((build) => build.outcome === 'ok');

function outcomeCell(m: Measured): string {
  const counts = new Map<string, number>();
  for (const build of m.builds) counts.set(build.outcome, (counts.get(build.outcome) ?? 0) + 1);
  const failed = m.builds.filter((build) => build.outcome !== 'ok').map((build) => build.wallSeconds);
  const after = failed.length > 0 ? ` (failed after ${spread(failed, 0)} s)` : '';
  return `${[...counts].map(([outcome, count]) => `${outcome} ${count}/${m.builds.length}`).join(', ')}${after}`;
}

function range(values: number[], digits: number): string {
  if (values.length === 0) return '—';
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 1 ? sorted[0]!.toFixed(digits) : `${sorted[0]!.toFixed(digits)} / ${median(sorted).toFixed(digits)} / ${sorted.at(-1)!.toFixed(digits)}`;
}

// Arguments.
const { runs, rest } = parseRuns(process.argv.slice(2), 3);
let timeoutSeconds = 300;
let linear = true;
let wait = true;
const names: string[] = [];
for (let i = 0; i < rest.length; i++) {
  const arg = rest[i]!;
  if (arg === '--timeout') timeoutSeconds = Number(rest[++i]);
  else if (arg.startsWith('--timeout=')) timeoutSeconds = Number(arg.slice('--timeout='.length));
  else if (arg === '--no-linear') linear = false;
  else if (arg === '--no-wait') wait = false;
  else if (CORPORA[arg]) names.push(arg);
  else throw new Error(`unknown argument ${arg}; corpora: ${Object.keys(CORPORA).join(', ')}`);
}
if (!(timeoutSeconds > 0)) throw new Error('--timeout needs a number of seconds');
const fileName = descriptionFileName();

const results: Measured[] = [];
const linearResults: Measured[] = [];
for (const name of names.length > 0 ? names : Object.keys(CORPORA)) {
  const corpus = CORPORA[name]!;
  const text = readFileSync(join(PROJECT_ROOT, corpus.file), 'utf8');
  const document = JSON.parse(text) as Document;
  const full = await measure(name, document, text, runs, timeoutSeconds, fileName);
  results.push(full);
  if (name === 'github' && linear) {
    for (const size of LINEAR_SIZES) {
      const part = trimmed(document, size);
      linearResults.push(await measure(`github-${size}`, part, JSON.stringify(part), runs, timeoutSeconds, fileName));
    }
    linearResults.push(full);
  }
}

console.log(`\nAPI reference build (one version, one guide page plus the description; ${runs} cold run(s); min / median / max)`);
printTable(
  ['corpus', 'operations', 'description', 'result', 'wall (s)', 'CPU (s)', 'peak memory (MiB)', 'peak, all processes (MiB)', 'operation pages', 'HTML per operation page (median)', '(p90)'],
  results.map((m) => {
    const ok = okBuilds(m);
    return [
      `${CORPORA[m.label]?.title ?? m.label}`,
      m.operations.toLocaleString('en-US'),
      `${(m.descriptionBytes / 1e6).toFixed(1)} MB`,
      outcomeCell(m),
      range(ok.map((build) => build.wallSeconds), 1),
      range(ok.map((build) => build.cpuSeconds), 1),
      // A failed build's memory is still telling (an OOM shows where it died).
      range(m.builds.map((build) => build.peakKiB / 1024).filter(Number.isFinite), 0),
      range(m.builds.map((build) => build.treePeakKiB / 1024).filter(Number.isFinite), 0),
      ok.length > 0 ? m.pageSizes.length.toLocaleString('en-US') : '—',
      m.pageSizes.length > 0 ? `${(median(m.pageSizes) / 1000).toFixed(1)} KB` : '—',
      m.pageSizes.length > 0 ? `${(percentile(m.pageSizes, 90) / 1000).toFixed(1)} KB` : '—',
    ];
  }),
);

if (linearResults.length > 0) {
  console.log('\nLinear in operations? GitHub REST trimmed to its first paths (medians; the fixed cost of starting Astro and the guide page is included)');
  let previous: { operations: number; seconds: number; cpu: number } | undefined;
  const rows: string[][] = [];
  for (const m of linearResults) {
    const seconds = median(okBuilds(m).map((build) => build.wallSeconds));
    const cpu = median(okBuilds(m).map((build) => build.cpuSeconds));
    const perHundred = (value: number) => (Number.isFinite(value) ? ((value / m.operations) * 100).toFixed(2) : '—');
    const marginal = (value: number, before: number | undefined) =>
      previous && before !== undefined && Number.isFinite(value) ? (((value - before) / (m.operations - previous.operations)) * 100).toFixed(2) : '—';
    rows.push([
      m.operations.toLocaleString('en-US'),
      outcomeCell(m),
      spread(okBuilds(m).map((build) => build.wallSeconds), 1),
      spread(okBuilds(m).map((build) => build.cpuSeconds), 1),
      perHundred(seconds),
      marginal(seconds, previous?.seconds),
      perHundred(cpu),
      marginal(cpu, previous?.cpu),
      spread(m.builds.map((build) => build.peakKiB / 1024), 0),
    ]);
    if (Number.isFinite(seconds)) previous = { operations: m.operations, seconds, cpu };
  }
  printTable(['operations', 'result', 'wall (s)', 'CPU (s)', 'wall s per 100 operations', 'extra wall s per 100 extra operations', 'CPU s per 100 operations', 'extra CPU s per 100 extra operations', 'peak memory (MiB)'], rows);
}
const busiest = Math.max(...[...results, ...linearResults].flatMap((m) => m.builds.map((build) => build.loadBefore)));
// Our own previous build keeps the one-minute average near 1.5 for a while; above the processor count, others ran too.
if (busiest > availableParallelism() + 0.5) {
  console.log(
    `\nOther work shared the machine (load average up to ${busiest.toFixed(1)} when a build started, on ${availableParallelism()} processors): wall times are inflated and noisy; CPU seconds are the steadier figure.`,
  );
}
console.log(`\nThe description was written as content/${VERSION}/${fileName}. Peak memory: GNU time's maximum resident set of the largest single process; "all processes": the largest sum over the build's processes, sampled every 100 ms.`);
// A build that failed is a result (its row says how), not a failure of the benchmark: exit 0.
