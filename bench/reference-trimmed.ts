// The budget's GitHub build alone: GitHub's REST description trimmed to N operations (issues/create
// kept, as in bench/budget.ts), one cold build, its CPU, peak memory and HTML per operation page;
// `--cpu-prof` adds a V8 CPU profile of the build and prints its summary.
// Usage: npx node bench/reference-trimmed.ts [operations=300] [--cpu-prof] [--keep-out DIR] [--corpus stripe]
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { printProfile, profilesIn } from './cpu-profile.ts';
import { printPhases } from './phases.ts';
import { CORPORA, countOperations, descriptionFileName, operationPageSizes, trimmed, writeSite, type Document } from './reference-site.ts';
import { describeBuild, median, percentile, PROJECT_ROOT, timedAstroBuild } from './timed-build.ts';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined);
const corpus = option('--corpus') ?? 'github';
const size = Number(args.find((arg) => /^\d+$/.test(arg)) ?? (corpus === 'github' ? 300 : 0));
const document = JSON.parse(readFileSync(join(PROJECT_ROOT, CORPORA[corpus]!.file), 'utf8')) as Document;
const part = size > 0 ? trimmed(document, size, corpus === 'github' ? ['/repos/{owner}/{repo}/issues'] : []) : document;
const root = join(tmpdir(), `caravan-bench-trimmed-${corpus}`);
const out = join(root, 'out');
writeSite(root, JSON.stringify(part), descriptionFileName());
const profileDir = flag('--cpu-prof') ? join(tmpdir(), 'caravan-bench-profiles', `trimmed-${corpus}`) : undefined;
if (profileDir) {
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
}
console.log(`${corpus}: ${countOperations(part)} operations; load average ${loadavg().map((v) => v.toFixed(2)).join(' / ')}`);
const build = await timedAstroBuild({ astroArgs: ['build', '--force', '--outDir', out], cwd: PROJECT_ROOT, env: { ...process.env, DOCS_ROOT: root }, timeoutSeconds: 600, cpuProfileDir: profileDir });
console.log(describeBuild(build));
if (build.outcome !== 'ok') console.log(build.tail);
const sizes = operationPageSizes(out);
console.log(`operation pages ${sizes.length}, HTML median ${(median(sizes) / 1000).toFixed(1)} KB, p90 ${(percentile(sizes, 90) / 1000).toFixed(1)} KB`);
printPhases('build', build.outcome === 'ok' ? [build] : [], []);
if (profileDir) for (const file of profilesIn(profileDir)) printProfile(file, 25);
const keep = option('--keep-out');
if (keep) {
  rmSync(keep, { recursive: true, force: true });
  cpSync(out, keep, { recursive: true });
}
rmSync(root, { recursive: true, force: true });
console.log(`load average at the end ${loadavg().map((v) => v.toFixed(2)).join(' / ')}`);
