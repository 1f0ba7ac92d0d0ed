import { readdirSync, readFileSync } from 'node:fs';
import { openApiFile, readOpenApi } from '../openapi/openapi-fs.ts';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { AstroError } from 'astro/errors';
import { guardDiscoveryOutput, guardPrivateDescriptions, type OutputFile, type PrivateDescription } from '../discovery/leak-guard.ts';
import { descriptionCanaries } from '../discovery/description-canaries.ts';
import { referenceAccess } from '../model/access.ts';
import { flattenPages } from '../model/tree.ts';
import type { SiteModel } from '../model/types.ts';

const TEXT = new Set(['.html', '.md', '.txt', '.xml', '.json', '.js', '.mjs', '.css', '.svg', '.webmanifest']);

/**
 * File-system side of the leak guard: reads the output folder and the public pages' sources,
 * runs the pure check and fails the build with every problem listed. Returns the warnings.
 */
export function guardBuildOutput(outDir: string, fullModel: SiteModel, docsRoot: string): string[] {
  const files = readOutput(outDir);
  // Public sources: public pages, and the OpenAPI descriptions the (public) API reference is made from.
  const publicSources = fullModel.versions.flatMap((site) => [
    ...flattenPages(site.nav).filter((page) => page.public).map((page) => readFileSync(join(docsRoot, page.file), 'utf8')),
    ...[openApiFile(docsRoot, site.version.id)].filter((file) => file !== undefined).map((file) => readFileSync(join(docsRoot, file), 'utf8')),
  ]);
  const { problems, warnings } = guardDiscoveryOutput({ model: fullModel, files, publicSources });
  const descriptions = privateDescriptions(fullModel, docsRoot);
  if (descriptions.length > 0) problems.push(...guardPrivateDescriptions(descriptions, readEveryFile(outDir)));
  if (problems.length > 0) {
    const shown = problems.slice(0, 30).map((problem) => `  - ${problem}`);
    throw new AstroError(
      `Discovery leak guard: the build output breaks the public/gated promise (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${shown.join('\n')}${problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : ''}`,
      'A discovery file names a URL that is not built, a gated page\'s title or path reached an output file, or text of an API description that only signed-in readers may read did. Check what links to it (page text, nav titles) or what put that text in a public file (a script importing the description, a public asset) and remove it; gated pages and private references must stay invisible to anonymous readers.',
    );
  }
  return warnings;
}

/**
 * The API descriptions only some readers may read (every version's on a login-only site), as
 * canaries: distinctive strings of their own, minus those public content also holds (the site's
 * title and description, version labels, public pages, public descriptions) and those the
 * engine's own code holds (HTTP status texts, the sandbox's problem codes and messages), which
 * its public scripts carry whatever the description says.
 */
function privateDescriptions(model: SiteModel, docsRoot: string): PrivateDescription[] {
  const described = model.versions.flatMap((site) => {
    const file = openApiFile(docsRoot, site.version.id);
    return file === undefined ? [] : [{ version: site.version.id, file, open: referenceAccess(model.config.auth, site.version.id).public }];
  });
  if (described.every(({ open }) => open)) return [];
  const publicText = [
    model.config.title,
    model.config.description,
    ...model.versions.flatMap((site) => [site.version.label, ...flattenPages(site.nav).filter((page) => page.public).map((page) => readFileSync(join(docsRoot, page.file), 'utf8'))]),
    ...described.filter(({ open }) => open).map(({ file }) => readFileSync(join(docsRoot, file), 'utf8')),
    engineSources(),
  ].join('\n');
  return described.filter(({ open }) => !open).map(({ version, file }) => ({ version, canaries: descriptionCanaries(readOpenApi(docsRoot, file), publicText) }));
}

/** The engine's source text (src/, a megabyte or two), read once per build that has private descriptions. */
function engineSources(): string {
  const root = fileURLToPath(new URL('..', import.meta.url));
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:ts|astro|css|mjs|js)$/.test(entry.name))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

/** Every file of the output, whatever its type, as Latin-1 text (canaries are ASCII); gzip files decompressed. */
function readEveryFile(outDir: string): OutputFile[] {
  return readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = join(entry.parentPath, entry.name);
      let bytes = readFileSync(full);
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
        try {
          bytes = gunzipSync(bytes);
        } catch {
          // Not gzip after all: scanned as it is.
        }
      }
      return { path: relative(outDir, full).split(sep).join('/'), text: bytes.toString('latin1') };
    });
}

/** Text files of the output; Pagefind's gzip files are decompressed so the search index is scanned too. */
function readOutput(outDir: string): OutputFile[] {
  const files: OutputFile[] = [];
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const path = relative(outDir, full).split(sep).join('/');
    const bytes = readFileSync(full);
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        files.push({ path, text: gunzipSync(bytes).toString('utf8') });
      } catch {
        // Not gzip after all: binary, nothing to scan.
      }
    } else if (TEXT.has(extname(entry.name)) || entry.name === '_headers') files.push({ path, text: bytes.toString('utf8') });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}
