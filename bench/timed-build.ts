// Runs one `astro build` as a child process and measures it from outside: wall time, and the peak
// resident memory that GNU time reports (the largest single process of the build, not a sum over
// the process tree). A build that fails, runs out of memory or exceeds its time limit is reported
// as a result, never thrown, so one bad corpus does not end a benchmark.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

export const PROJECT_ROOT = join(import.meta.dirname, '..');
export const ASTRO_BIN = join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs');

/** Builds the default site into `out` (kept when `reuse` and a build is there); a failed build ends the bench. */
export function ensureDefaultBuild(out: string, reuse: boolean): void {
  if (reuse && existsSync(join(out, 'index.html'))) return;
  const build = spawnSync(process.execPath, [ASTRO_BIN, 'build', '--outDir', out], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', DOCS_ROOT: PROJECT_ROOT },
  });
  if (build.status !== 0) process.exit(1);
}

export type BuildOutcome = 'ok' | 'out of memory' | 'timed out' | 'failed';

export interface TimedBuild {
  outcome: BuildOutcome;
  /** Exit code of the build, or null when a signal ended it. */
  exitCode: number | null;
  signal: string | null;
  wallSeconds: number;
  /** Peak resident memory of the largest process of the build (GNU time %M), in KiB; NaN when unknown. */
  peakKiB: number;
  /**
   * CPU seconds, user plus system, of every process of the build: the larger of GNU time's %U + %S
   * (the build and the children it waited for) and the sum sampled from /proc every 100 ms, which
   * also sees processes nobody waited for (Pagefind's, which its Node API kills at the end).
   * NaN when unknown. Less disturbed than wall time when other work shares the machine.
   */
  cpuSeconds: number;
  /**
   * Peak of the summed resident memory of every process of the build (Astro plus the processes it
   * starts, such as Pagefind's), sampled every 100 ms from /proc, in KiB; NaN where /proc is missing.
   */
  treePeakKiB: number;
  /** The machine's one-minute load average when the build started: above ~1 on two cores, other work competed. */
  loadBefore: number;
  /** The last lines the build printed on stderr (and stdout), for failure reports. */
  tail: string;
  /** The build's phases in order, as its log lines mark them (see PHASE_MARKERS). */
  phases: BuildPhase[];
}

export interface BuildPhase {
  name: string;
  seconds: number;
  /** Peak summed resident memory of the build's processes during the phase (KiB; NaN without /proc). */
  peakKiB: number;
  /** Peak resident memory of the largest single process during the phase (KiB). */
  largestKiB: number;
}

/**
 * Log lines that end a phase, and the phase each ends (the time since the previous marker).
 * Astro's own lines mark its steps; the integration's end-of-build steps log one line each.
 */
export const PHASE_MARKERS: readonly { pattern: RegExp; ends: string }[] = [
  { pattern: /\[content\] Syncing content/, ends: 'startup (config, site model, Vite)' },
  { pattern: /\[content\] Synced content/, ends: 'content sync (Markdown rendered)' },
  { pattern: /\[build\] Building static entrypoints/, ends: 'types, build info' },
  { pattern: /generating static routes/, ends: 'Vite: static entrypoints' },
  { pattern: /^\S* ?✓ Completed in /, ends: 'rendering pages (static routes)' },
  { pattern: /\[caravan-docs\] Markdown sources:/, ends: 'Markdown sources written' },
  { pattern: /\[caravan-docs\] Search index for signed-in readers:/, ends: 'gated search indexes' },
  { pattern: /\[caravan-docs\] Search index:/, ends: 'Pagefind (after Astro\'s last writes)' },
  { pattern: /\[caravan-docs\] Discovery leak guard:/, ends: 'leak guard, host rules' },
  { pattern: /\[caravan-docs\] Links:/, ends: 'link check' },
  { pattern: /\[build\] Complete!/, ends: 'end of build' },
];

/** The phase a log line ends, if it is a marker; each marker counts once. Pure. */
export function phaseEndedBy(line: string, seen: ReadonlySet<string>): string | undefined {
  return PHASE_MARKERS.find((marker) => !seen.has(marker.ends) && marker.pattern.test(line))?.ends;
}

export interface TimedBuildOptions {
  /** Arguments after `astro.mjs`, e.g. ['build', '--force', '--outDir', out]. */
  astroArgs: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutSeconds: number;
  /** Write a V8 CPU profile of the build's Node process into this folder (`node --cpu-prof`). */
  cpuProfileDir?: string | undefined;
}

const KEEP_CHARS = 64 * 1024;

/** Appends to a rolling buffer that keeps only the last KEEP_CHARS characters. */
function keepTail(buffer: string, chunk: string): string {
  const joined = buffer + chunk;
  return joined.length > KEEP_CHARS ? joined.slice(-KEEP_CHARS) : joined;
}

function lastLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

const PAGE_KIB = 4;

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * Summed resident memory (KiB) of the processes of one process group and its largest process's,
 * from /proc (NaN without /proc); records each process's CPU ticks so far (user + system) in `ticks`.
 */
function groupSample(groupId: number, ticks: Map<number, number>): { sum: number; largest: number } {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return { sum: Number.NaN, largest: Number.NaN };
  }
  let pages = 0;
  let largest = 0;
  for (const name of names) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // After "pid (comm) ": state ppid pgrp … with rss the 22nd field from state.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === groupId) {
        ticks.set(Number(name), Number(fields[11]) + Number(fields[12]));
        pages += Number(fields[21]);
        largest = Math.max(largest, Number(fields[21]));
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return { sum: pages * PAGE_KIB, largest: largest * PAGE_KIB };
}

/** What the README's figures ask of the machine before each build: a one-minute load average under this. */
export const QUIET_LOAD = 1;

/**
 * Waits until the one-minute load average is under `QUIET_LOAD` (a build just ended leaves it near
 * 2 for a minute on this 2-core machine), at most `maxSeconds`; returns the seconds waited.
 */
export async function quietMachine(maxSeconds = 180): Promise<number> {
  const started = performance.now();
  while (loadavg()[0]! >= QUIET_LOAD && performance.now() - started < maxSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, 5000));
  return (performance.now() - started) / 1000;
}

export function timedAstroBuild(options: TimedBuildOptions): Promise<TimedBuild> {
  const scratch = mkdtempSync(join(tmpdir(), 'caravan-bench-time-'));
  const timeFile = join(scratch, 'time.txt');
  return new Promise((resolve) => {
    const loadBefore = loadavg()[0] ?? Number.NaN;
    const started = performance.now();
    // A process group of its own (detached), so a time-out can kill the build and every child it started.
    const profile = options.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir] : [];
    const child = spawn('/usr/bin/time', ['-f', '%M %U %S', '-o', timeFile, process.execPath, ...profile, ASTRO_BIN, ...options.astroArgs], {
      cwd: options.cwd,
      env: { ASTRO_TELEMETRY_DISABLED: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    const phases: BuildPhase[] = [];
    const seen = new Set<string>();
    let phaseStarted = started;
    let phasePeak = { sum: 0, largest: 0 };
    const endPhase = (name: string) => {
      const now = performance.now();
      phases.push({ name, seconds: (now - phaseStarted) / 1000, peakKiB: phasePeak.sum || Number.NaN, largestKiB: phasePeak.largest || Number.NaN });
      phaseStarted = now;
      phasePeak = { sum: 0, largest: 0 };
    };
    const partial = { stdout: '', stderr: '' };
    const readLines = (stream: 'stdout' | 'stderr', chunk: string) => {
      const lines = (partial[stream] + chunk).split('\n');
      partial[stream] = lines.pop() ?? '';
      for (const line of lines) {
        const ended = phaseEndedBy(line, seen);
        if (ended) {
          seen.add(ended);
          endPhase(ended);
        }
      }
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout = keepTail(stdout, chunk);
      readLines('stdout', chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = keepTail(stderr, chunk);
      readLines('stderr', chunk);
    });
    let treePeakKiB = 0;
    const ticks = new Map<number, number>();
    const sampler = setInterval(() => {
      const resident = groupSample(child.pid!, ticks);
      treePeakKiB = Math.max(treePeakKiB, resident.sum);
      phasePeak = { sum: Math.max(phasePeak.sum, resident.sum), largest: Math.max(phasePeak.largest, resident.largest) };
    }, 100);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, options.timeoutSeconds * 1000);
    child.on('close', (exitCode, childSignal) => {
      let signal: string | null = childSignal;
      clearTimeout(timer);
      clearInterval(sampler);
      endPhase('exit');
      // Anything the build left running in its process group (it should leave nothing) ends with it.
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // nothing left
      }
      const wallSeconds = (performance.now() - started) / 1000;
      let peakKiB = Number.NaN;
      let cpuSeconds = Number.NaN;
      try {
        // GNU time writes "Command exited with non-zero status N" or "Command terminated by signal N" before the figures.
        const timeText = readFileSync(timeFile, 'utf8');
        const [memory, user, system] = (timeText.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
        if (Number.isFinite(memory)) peakKiB = memory!;
        if (Number.isFinite(user) && Number.isFinite(system)) cpuSeconds = user! + system!;
        const sampled = [...ticks.values()].reduce((sum, value) => sum + value, 0) / TICKS_PER_SECOND;
        if (sampled > 0 && !(sampled <= cpuSeconds)) cpuSeconds = sampled;
        const killed = /terminated by signal (\d+)/.exec(timeText);
        if (killed && signal === null) signal = `${killed[1]}`;
      } catch {
        // time was killed before writing
      }
      rmSync(scratch, { recursive: true, force: true });
      const output = `${stderr}\n${stdout}`;
      let outcome: BuildOutcome = 'ok';
      if (timedOut) outcome = 'timed out';
      else if (/heap out of memory|Reached heap limit|ERR_STRING_TOO_LONG|Invalid string length|Array buffer allocation failed/i.test(output)) outcome = 'out of memory';
      else if (exitCode !== 0) outcome = 'failed';
      let errorLines = stderr.trim() ? lastLines(stderr, 15) : lastLines(stdout, 15);
      if (outcome === 'out of memory') {
        // V8's report: the last garbage collections and the fatal line, not the native stack under it.
        const lines = output.split('\n');
        const fatal = lines.findIndex((line) => /FATAL ERROR|heap out of memory|Invalid string length|ERR_STRING_TOO_LONG/.test(line));
        if (fatal >= 0) errorLines = lines.slice(Math.max(0, fatal - 2), fatal + 1).join('\n');
      }
      resolve({ outcome, exitCode, signal, wallSeconds, peakKiB, cpuSeconds, loadBefore, treePeakKiB: treePeakKiB > 0 ? treePeakKiB : Number.NaN, tail: errorLines, phases });
    });
  });
}

export function median(values: readonly number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** "12.3 (11.9–13.0)": median with min–max, or just the value for one run. */
export function spread(values: readonly number[], digits: number): string {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length === 0) return '—';
  const mid = median(finite).toFixed(digits);
  if (finite.length === 1) return mid;
  return `${mid} (${Math.min(...finite).toFixed(digits)}–${Math.max(...finite).toFixed(digits)})`;
}

/** One line about a finished build, for progress output. */
export function describeBuild(build: TimedBuild): string {
  const exit = build.signal ? `signal ${build.signal}` : `exit ${build.exitCode}`;
  const mib = (kib: number) => (kib / 1024).toFixed(0);
  return (
    `${build.outcome} (${exit}) after ${build.wallSeconds.toFixed(1)} s (CPU ${build.cpuSeconds.toFixed(1)} s), ` +
    `peak ${mib(build.peakKiB)} MiB (all processes ${mib(build.treePeakKiB)} MiB); load average before ${build.loadBefore.toFixed(1)}`
  );
}

/** `--runs N` from argv (default `fallback`), and the remaining arguments. */
export function parseRuns(argv: readonly string[], fallback: number): { runs: number; rest: string[] } {
  const rest: string[] = [];
  let runs = fallback;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--runs' || arg.startsWith('--runs=')) {
      const value = arg.includes('=') ? arg.slice('--runs='.length) : argv[++i];
      runs = Number(value);
      if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs needs a whole number of at least 1, not ${value}`);
    } else rest.push(arg);
  }
  return { runs, rest };
}
