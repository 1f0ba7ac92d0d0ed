import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes a site with `sections` × `perSection` pages: big enough that the sidebar is windowed. */
export function writeLargeSite(root: string, sections: number, perSection: number): void {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'config'), { recursive: true });
  // Search bundles of 200 KB of indexed page text: the index of these 240 small pages is split in several.
  writeFileSync(join(root, 'config/site.yml'), 'title: Large Docs\nurl: https://large.example\nbuild:\n  searchBundleMegabytes: 0.2\n');
  writeFileSync(join(root, 'config/versions.yml'), '- { id: "1.0", stable: true }\n');
  const nav: string[] = [];
  for (let s = 0; s < sections; s++) {
    nav.push(`- title: Section ${s}\n  children:`);
    mkdirSync(join(root, `content/1.0/s${s}`), { recursive: true });
    for (let p = 0; p < perSection; p++) {
      nav.push(`    - slug: s${s}/p${p}`);
      writeFileSync(join(root, `content/1.0/s${s}/p${p}.md`), `---\ntitle: Page ${s}.${p}\ndescription: Page ${p} of section ${s}.\n---\n\n## About ${s}.${p}\n\nText of page ${s}.${p}.\n`);
    }
  }
  writeFileSync(join(root, 'content/1.0/nav.yml'), `${nav.join('\n')}\n`);
}
