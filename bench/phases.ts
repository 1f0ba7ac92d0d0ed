// The phases of builds side by side: median seconds and peak memory (all processes) per phase,
// ours against the baseline, from the phases bench/timed-build.ts reads off each build's log.
import { median, type TimedBuild } from './timed-build.ts';

/** Phase names in the order they first occur across the builds. Pure. */
export function phaseNames(builds: readonly TimedBuild[]): string[] {
  const names: string[] = [];
  for (const build of builds) for (const phase of build.phases) if (!names.includes(phase.name)) names.push(phase.name);
  return names;
}

/** Median seconds and median peak MiB (all processes) of one phase over the builds that had it. Pure. */
export function phaseFigures(builds: readonly TimedBuild[], name: string): { seconds: number; peakMiB: number } {
  const phases = builds.flatMap((build) => build.phases.filter((phase) => phase.name === name));
  return { seconds: median(phases.map((phase) => phase.seconds)), peakMiB: median(phases.map((phase) => phase.peakKiB / 1024)) };
}

export function printPhases(title: string, ours: readonly TimedBuild[], baseline: readonly TimedBuild[]): void {
  if (ours.length === 0 && baseline.length === 0) return;
  const cell = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
  console.log(`\nPhases, ${title} (medians; a phase ends at the log line marking it; peak = all processes, sampled every 100 ms)`);
  console.log('| phase | ours (s) | ours peak (MiB) | baseline (s) | baseline peak (MiB) |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const name of phaseNames([...ours, ...baseline])) {
    const a = phaseFigures(ours, name);
    const b = phaseFigures(baseline, name);
    console.log(`| ${name} | ${cell(a.seconds, 1)} | ${cell(a.peakMiB, 0)} | ${cell(b.seconds, 1)} | ${cell(b.peakMiB, 0)} |`);
  }
}
