import { readdirSync, readFileSync } from 'node:fs';
import { openApiFile } from '../openapi/openapi-fs.ts';
import { extname, join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AstroError } from 'astro/errors';
import { guardDiscoveryOutput, type OutputFile } from '../discovery/leak-guard.ts';
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
  if (problems.length > 0) {
    const shown = problems.slice(0, 30).map((problem) => `  - ${problem}`);
    throw new AstroError(
      `Discovery leak guard: the build output breaks the public/gated promise (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${shown.join('\n')}${problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : ''}`,
      'A discovery file names a URL that is not built, or a gated page\'s title or path reached an output file. Check what links to it (page text, nav titles) and remove it; gated pages must stay invisible to anonymous readers.',
    );
  }
  return warnings;
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
