// `npm run bench`: every benchmark, one after the other, so they do not compete for the two cores.
// Pass names to run a subset: npm run bench -- site lighthouse
// `npm run bench -- budget` (bench/budget.ts) holds the performance budget; it is not in the default list
// because it repeats the site and reference measurements at a smaller size.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const BENCHES = ['site', 'incremental', 'reference', 'lighthouse', 'discovery', 'links', 'sandbox', 'console', 'auth', 'page-js', 'mcp'];
const wanted = process.argv.slice(2);
for (const name of wanted.length > 0 ? wanted : BENCHES) {
  const file = join(import.meta.dirname, `${name}.ts`);
  if (!existsSync(file)) {
    console.log(`(no ${name} benchmark yet)`);
    continue;
  }
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(process.execPath, [file], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
