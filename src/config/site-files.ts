/**
 * The files site.yml names in the site folder (a logo, a favicon, CSS, components): each must
 * exist, or the build stops at the line that names it. URLs are not fetched.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DocsInputError } from './errors.ts';
import type { Source } from './friendly-errors.ts';
import type { SiteConfig } from './schemas/site.ts';

interface NamedFile {
  /** The key's path in site.yml. */
  path: Array<string | number>;
  /** The file, relative to the site folder. */
  file: string;
  fix: string;
}

function namedFiles(config: Pick<SiteConfig, 'theme' | 'components'>, rawLogo: unknown): NamedFile[] {
  const inPublic = (path: Array<string | number>, target: string | undefined): NamedFile[] =>
    target && target.startsWith('/') ? [{ path, file: `public${target}`, fix: `put the file at public${target}, or point the key at a file that is there (or at an https URL).` }] : [];
  const { logo, favicon, customCss } = config.theme;
  const logoKey = typeof rawLogo === 'string' ? ['theme', 'logo'] : ['theme', 'logo', 'src'];
  return [
    ...inPublic(logoKey, logo?.src),
    ...inPublic(['theme', 'logo', 'dark'], logo?.dark),
    ...inPublic(['theme', 'favicon'], favicon),
    ...customCss.map((file, index) => ({ path: ['theme', 'customCss', index], file, fix: `create ${file} in the site folder, or correct the path (relative to the folder holding config/).` })),
    ...Object.entries(config.components).flatMap(([name, file]) => (file ? [{ path: ['components', name], file, fix: `create ${file} (an Astro component receiving the props of ${name}; it may wrap caravan-docs/components/${name}.astro), or correct the path.` }] : [])),
  ];
}

/** Throws a DocsInputError at the first file site.yml names that the site folder lacks. */
export function checkSiteFiles(root: string, config: Pick<SiteConfig, 'theme' | 'components'>, rawLogo: unknown, source: Source): void {
  for (const { path, file, fix } of namedFiles(config, rawLogo)) {
    const absolute = join(root, file);
    if (existsSync(absolute) && statSync(absolute).isFile()) continue;
    throw new DocsInputError({ file: source.file, line: source.lineOf(path), column: source.columnOf?.(path), field: path.map((key) => (typeof key === 'number' ? `[${key}]` : key)).join('.').replaceAll('.[', '['), problem: `names ${file}, which does not exist.`, hint: fix });
  }
}
