// Page JavaScript budget: every built page of the default site without an API console must load
// at most 6 KB gzip of JavaScript up front (inline scripts, module scripts and their static
// imports; search and the full sidebar load on demand and are not counted). Exits 1 when a page
// is over. Usage: npm run bench -- page-js   (or: npx node bench/page-js.ts [--reuse] [--out DIR])
import { ensureDefaultBuild } from './timed-build.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { javascriptWeight } from './js-weight.ts';

const BUDGET_BYTES = 6 * 1024;
const { values } = parseArgs({ options: { reuse: { type: 'boolean', default: false }, out: { type: 'string', default: join(import.meta.dirname, '.output/page-js-dist') } } });
const out = values.out;

ensureDefaultBuild(out, values.reuse);

/** The inline "Copy page as Markdown" script (src/client/copy-markdown.ts), to show its share. */
const copyScript = (html: string) =>
  [...html.matchAll(/<script type="module">([^<]*data-copy-markdown[^<]*)<\/script>/g)].reduce((sum, match) => sum + gzipSync(match[1]!).length, 0);

const rows = readdirSync(out, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .map((file) => ({ file, html: readFileSync(join(out, file), 'utf8') }))
  // A console page declares its operation as JSON for the console script.
  .filter(({ html }) => !html.includes('<script type="application/json">'))
  .map(({ file, html }) => ({ file, bytes: javascriptWeight(join(out, file), out), copy: copyScript(html) }))
  .sort((a, b) => b.bytes - a.bytes || (a.file < b.file ? -1 : 1));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const median = rows[Math.floor(rows.length / 2)]!;
const withCopy = rows.filter((row) => row.copy > 0);
console.log(`Page JavaScript up front, gzip, ${rows.length} pages without a console (default site):`);
console.log(`  heaviest ${kb(rows[0]!.bytes)} (${rows[0]!.file}), median ${kb(median.bytes)}, lightest ${kb(rows.at(-1)!.bytes)} (${rows.at(-1)!.file})`);
console.log(`  pages with "Copy page as Markdown": ${withCopy.length}; its script ${kb(Math.max(0, ...withCopy.map((row) => row.copy)))} of that`);
const over = rows.filter((row) => row.bytes > BUDGET_BYTES);
console.log(over.length === 0 ? `  budget ${kb(BUDGET_BYTES)}: every page within it` : `  OVER the ${kb(BUDGET_BYTES)} budget: ${over.map((row) => `${row.file} ${kb(row.bytes)}`).join(', ')}`);
if (over.length > 0) process.exit(1);
