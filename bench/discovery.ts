// Discovery benchmark: generates every discovery file (robots.txt, sitemap(s), every llms.txt and
// llms-full.txt, every page's Markdown source) for in-memory sites of 1k, 10k and 50k pages over
// 3 versions, and reports the time per size (goal: 10k pages under 300 ms, growing linearly).
// Also reports the default site's llms.txt size (goal: under 50,000 characters).
// Usage: node bench/discovery.ts [pages...]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSite } from '../src/config/load.ts';
import { discoveryFiles } from '../src/discovery/all-files.ts';
import { LLMS_FULL_WARN_BYTES } from '../src/discovery/llms-txt.ts';
import type { NavNode, Page, SiteModel } from '../src/model/types.ts';

const PROJECT_ROOT = join(import.meta.dirname, '..');
const VERSIONS = [
  { id: '2.0', label: '2.0', stable: true },
  { id: '1.9', label: '1.9', stable: true },
  { id: '3.0-beta', label: '3.0 beta', stable: false },
];

const SOURCE = (i: number) =>
  `---\ntitle: Page ${i}\ndescription: What page ${i} covers.\n---\n\n## Overview\n\nPage ${i} explains [dispatch](/2.0/guides/dispatch/) and [errors](../errors/).\n\n| field | meaning |\n| --- | --- |\n| id | the caravan |\n\n\`\`\`bash\ncurl https://api.caravan.example/v1/caravans/${i}\n\`\`\`\n\n## Details\n\nMore text with \`inline code\` and a list:\n\n- one\n- two\n`;

/** `pages` pages spread over 3 versions, 20 sections per version, every 10th page gated. */
function syntheticModel(pages: number): { model: SiteModel; sources: Map<string, string> } {
  const base = loadSite(PROJECT_ROOT, {}).model;
  const sources = new Map<string, string>();
  const perVersion = Math.ceil(pages / VERSIONS.length);
  const versions = VERSIONS.map((version) => {
    const sections: NavNode[] = [];
    for (let s = 0; s < 20; s++) {
      const children: Page[] = [];
      for (let p = s; p < perVersion; p += 20) {
        const file = `content/${version.id}/s${s}/p${p}.md`;
        sources.set(file, SOURCE(p));
        const gated = p % 10 === 9;
        children.push({ kind: 'page', slug: `s${s}/p${p}`, title: `Page ${p}`, description: `What page ${p} covers.`, file, requires: gated ? [['staff']] : [], public: !gated });
      }
      sections.push({ kind: 'section', title: `Section ${s}`, dropdown: true, requires: [], public: true, children });
    }
    return { version, nav: sections };
  });
  return { model: { config: base.config, versions }, sources };
}

function measure(pages: number) {
  const { model, sources } = syntheticModel(pages);
  const lastModified = new Map([...sources.keys()].map((file, i) => [file, new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z')]));
  const run = () => discoveryFiles(model, { readSource: (file) => sources.get(file)!, lastModified });
  run(); // warm-up
  const times: number[] = [];
  let files = new Map<string, string>();
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    files = run();
    times.push(performance.now() - started);
  }
  const ms = Math.min(...times);
  const fullSizes = [...files].filter(([path]) => path.endsWith('llms-full.txt')).map(([path, text]) => [path, Buffer.byteLength(text)] as const);
  return { pages, files: files.size, ms, perPageUs: (ms * 1000) / pages, llmsChars: files.get('llms.txt')!.length, fullSizes };
}

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
console.log('pages  files   time (best of 3)  per page   llms.txt chars');
const results = [];
for (const pages of sizes.length > 0 ? sizes : [1000, 10_000, 50_000]) {
  const result = measure(pages);
  results.push(result);
  console.log(`${String(pages).padStart(6)} ${String(result.files).padStart(6)} ${result.ms.toFixed(0).padStart(10)} ms ${result.perPageUs.toFixed(1).padStart(10)} µs ${String(result.llmsChars).padStart(12)}`);
  for (const [path, bytes] of result.fullSizes) if (bytes > LLMS_FULL_WARN_BYTES) console.log(`   warning: ${path} is ${(bytes / 1024 / 1024).toFixed(1)} MB (past the 5 MB budget; the build warns too)`);
}
const ten = results.find((r) => r.pages === 10_000);
if (ten) console.log(`10k pages: ${ten.ms.toFixed(0)} ms (goal < 300 ms) ${ten.ms < 300 ? 'OK' : 'OVER'}`);
if (results.length > 1) {
  const first = results[0]!;
  const last = results.at(-1)!;
  console.log(`scaling: ${(last.perPageUs / first.perPageUs).toFixed(2)}× the per-page cost from ${first.pages} to ${last.pages} pages (1.00 = linear)`);
}

const site = loadSite(PROJECT_ROOT, {}).model;
const defaults = discoveryFiles(site, { readSource: (file) => readFileSync(join(PROJECT_ROOT, file), 'utf8') });
const llms = defaults.get('llms.txt')!;
console.log(`default site: llms.txt ${llms.length} characters (goal < 50,000) ${llms.length < 50_000 ? 'OK' : 'OVER'}; llms-full.txt ${(Buffer.byteLength(defaults.get('llms-full.txt')!) / 1024).toFixed(0)} KB`);
