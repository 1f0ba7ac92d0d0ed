// Summary of a V8 CPU profile (`node --cpu-prof`): where the samples fell, by function (self time)
// and by package or project folder, so a bench can print the hot spots next to its figures.
// Usage on its own: npx node bench/cpu-profile.ts <file.cpuprofile | folder> [--top N]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface HotSpot {
  name: string;
  /** Self time in milliseconds. */
  selfMs: number;
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  functions: HotSpot[];
  places: HotSpot[];
}

/** Where a script lives, coarsely: `astro`, `satteri`, `src/layouts`, `(native)`, `(garbage collector)`, … */
export function placeOf(url: string, functionName: string): string {
  if (functionName === '(garbage collector)' || functionName === '(idle)' || functionName === '(program)') return functionName;
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return 'node';
  const project = /\/(src|dist|bench)\/(?:[^/]+\/)?/.exec(url);
  if (project) {
    const folder = url.slice(project.index + 1).split('/');
    return folder.length > 2 ? `${folder[0]}/${folder[1]}` : folder[0]!;
  }
  return url.replace(/^file:\/\//, '');
}

/** Self time per function and per place, largest first. Pure. */
export function summarizeProfile(profile: CpuProfile, top = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  if (profile.samples && profile.timeDeltas) {
    profile.samples.forEach((id, index) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas![index] ?? 0) / 1000));
  } else {
    const interval = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0));
    for (const node of profile.nodes) selfMs.set(node.id, (node.hitCount ?? 0) * interval);
  }
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  let totalMs = 0;
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    totalMs += ms;
    const file = frame.url.split('/').slice(-2).join('/');
    const name = `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber + 1}` : ''}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + ms);
    const place = placeOf(frame.url, frame.functionName);
    places.set(place, (places.get(place) ?? 0) + ms);
  }
  const ranked = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, selfMs: ms, share: totalMs > 0 ? ms / totalMs : 0 }));
  return { totalMs, functions: ranked(functions), places: ranked(places) };
}

/** The profiles in a folder (a build may write one per process), largest first. */
export function profilesIn(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(path, name))
    .sort((a, b) => statSync(b).size - statSync(a).size);
}

export function printProfile(file: string, top = 15): void {
  const summary = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, top);
  const line = (spot: HotSpot) => `  ${(spot.selfMs / 1000).toFixed(2).padStart(7)} s ${(spot.share * 100).toFixed(1).padStart(5)}%  ${spot.name}`;
  console.log(`\nCPU profile ${file}: ${(summary.totalMs / 1000).toFixed(1)} s of samples (main thread; idle left out)`);
  console.log(' self time by package or project folder:');
  for (const spot of summary.places) console.log(line(spot));
  console.log(' self time by function:');
  for (const spot of summary.functions) console.log(line(spot));
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const topIndex = args.indexOf('--top');
  const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 15;
  const paths = args.filter((arg, index) => arg !== '--top' && index !== topIndex + 1);
  if (paths.length === 0) throw new Error('usage: npx node bench/cpu-profile.ts <file.cpuprofile | folder> [--top N]');
  for (const path of paths) for (const file of profilesIn(path)) printProfile(file, top);
}
