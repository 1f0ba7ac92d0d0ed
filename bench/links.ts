// Link-check benchmark: collects the links of 1k and 5k Markdown pages (each with links, an image,
// a reference definition, raw HTML and a table) from their syntax trees and resolves them against
// an in-memory built site with anchors, as the build does after writing. Reports the time per size
// (goal: 5,000 pages in well under the time the build itself takes, growing linearly).
// Usage: node bench/links.ts [pages...]
import { checkLinks, outputTargets, type LinkingPage } from '../src/links/check.ts';
import { collectLinks } from '../src/links/collect.ts';

const SOURCE = (i: number) =>
  `---\ntitle: Page ${i}\ndescription: What page ${i} covers.\n---\n\n## Overview\n\nPage ${i} explains [dispatch](/2.0/guides/p${(i + 1) % 1000}/#overview), [errors](../p${(i + 7) % 1000}/) and [this](#details).\n\n![Map](/favicon.svg)\n\n| field | meaning |\n| --- | --- |\n| id | the [caravan][c] |\n\n<a href="/2.0/guides/p${i % 1000}/">HTML</a>\n\n\`\`\`bash\ncurl https://api.example/v1/caravans/${i}\n\`\`\`\n\n## Details\n\nMore text with \`inline code\` and a list:\n\n- one\n- two\n\n[c]: /2.0/reference/\n`;

function run(pages: number): { ms: number; links: number; problems: number } {
  const files = new Set<string>(['favicon.svg', '2.0/reference/index.html']);
  for (let i = 0; i < pages; i++) files.add(`2.0/guides/p${i}/index.html`);
  const ids = new Set(['overview', 'details']);
  const started = performance.now();
  const linking: LinkingPage[] = [];
  for (let i = 0; i < pages; i++) linking.push({ file: `content/2.0/guides/p${i}.md`, path: `/2.0/guides/p${i}/`, version: '2.0', links: collectLinks(SOURCE(i), false) });
  const targets = outputTargets({ base: '/', versions: [{ id: '2.0', label: '2.0' }], files, idsOfFile: () => ids, extra: () => false });
  const problems = checkLinks(linking, targets);
  return { ms: performance.now() - started, links: linking.reduce((sum, page) => sum + page.links.length, 0), problems: problems.length };
}

const sizes = process.argv.slice(2).map(Number).filter((size) => size > 0);
for (const pages of sizes.length > 0 ? sizes : [1000, 5000]) {
  const { ms, links, problems } = run(pages);
  console.log(`${pages} pages: ${links} links checked in ${ms.toFixed(0)} ms (${((ms / pages) * 1000).toFixed(0)} µs a page), ${problems} problems`);
}
