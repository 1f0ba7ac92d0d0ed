import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectLinks, type WrittenLink } from '../links/collect.ts';
import { packageManifest } from './package-manifest.ts';
import { writeFileWhole } from './write-whole.ts';

/**
 * The links of each page source, kept between builds under the build's cache folder: parsing
 * 5,000 pages for their links is most of the link check's time, and a page's links follow from
 * its text alone. Entries are keyed by a digest of the text (and of the code that collects them),
 * so an edited page is parsed again; the check itself always runs on every link against the
 * output just written, so a deleted or renamed target breaks every link to it.
 */
export interface LinksCache {
  /** The page's links, from the cache when the same text was parsed by the same code before. */
  linksOf(text: string, mdx: boolean): WrittenLink[];
  /** Writes the entries used in this build (the others, of deleted or edited pages, are dropped). */
  save(): void;
}

const FILE = 'caravan-docs-links.json';

interface Stored {
  engine: string;
  entries: Record<string, WrittenLink[]>;
}

/** A cache in `cacheDir`, or none (every page parsed) without one; `fresh` ignores what is stored (`--force`) and rewrites it. */
export function linksCache(cacheDir: string | undefined, fresh = false): LinksCache {
  if (!cacheDir) return { linksOf: collectLinks, save: () => {} };
  const file = join(cacheDir, FILE);
  const engine = engineDigest();
  const previous = fresh ? {} : readStored(file, engine);
  const used: Record<string, WrittenLink[]> = {};
  return {
    linksOf(text, mdx) {
      const key = createHash('sha256').update(`${mdx ? 'mdx' : 'md'}\n${text}`).digest('base64url');
      used[key] ??= previous[key] ?? collectLinks(text, mdx);
      return used[key];
    },
    save() {
      writeFileWhole(file, JSON.stringify({ engine, entries: used } satisfies Stored));
    },
  };
}

function readStored(file: string, engine: string): Record<string, WrittenLink[]> {
  if (!existsSync(file)) return {};
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Stored;
    return stored.engine === engine && stored.entries && typeof stored.entries === 'object' ? stored.entries : {};
  } catch {
    // Unreadable (a build killed while writing it before the rename existed, a disk error): start afresh.
    return {};
  }
}

/** The collecting code and its Markdown parser's version: an upgrade of either parses every page again. */
function engineDigest(): string {
  const collect = readFileSync(fileURLToPath(new URL('../links/collect.ts', import.meta.url)), 'utf8');
  return createHash('sha256').update(collect).update(packageManifest('satteri')).digest('hex');
}
