import { readdirSync, readFileSync } from 'node:fs';
import { readOpenApi, versionApiSources } from '../openapi/openapi-fs.ts';
import { orderApis, publicApis } from '../reference/api-order.ts';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { guardDiscoveryOutput, hasGatedContent, isCheckedForUrls, leakProblem, privateCanaries, type OutputFile, type PrivateDescription, type VersionCanary } from '../discovery/leak-guard.ts';
import { canaryFinder, descriptionCanaries } from '../discovery/description-canaries.ts';
import { eventDescriptionCanaries } from '../discovery/event-canaries.ts';
import { parse } from 'yaml';
import type { LoadedEventApi } from '../asyncapi/load.ts';
import { canariesInFile, SCAN_LIMITS, startsWithGzipMagic, type ScanLimits } from './canary-scan.ts';
import { apiAccess } from '../model/access.ts';
import { flattenPages } from '../model/tree.ts';
import type { SiteModel } from '../model/types.ts';
import { isVendorFile } from './vendor-files.ts';

const TEXT = new Set(['.html', '.md', '.txt', '.xml', '.json', '.js', '.mjs', '.css', '.svg', '.webmanifest']);

/** The build output breaks the public/gated promise: the problems, and how to find their cause. */
export class LeakGuardError extends Error {
  readonly hint: string;

  constructor(message: string, hint: string) {
    super(message);
    this.name = 'LeakGuardError';
    this.hint = hint;
  }
}

export interface GuardedOutput {
  warnings: string[];
  /** The versions whose private API description was looked for in every public file (none when every reference is public or no version has a description). */
  privateVersions: string[];
  /** How many canaries of those descriptions were looked for. */
  canaries: number;
}

/**
 * File-system side of the leak guard: reads the output folder and the public pages' sources,
 * runs the pure checks and fails the build with every problem listed. Private descriptions'
 * canaries are looked for file by file, a chunk at a time (src/integration/canary-scan.ts).
 */
export async function guardBuildOutput(outDir: string, fullModel: SiteModel, docsRoot: string, limits: ScanLimits = SCAN_LIMITS, events: readonly LoadedEventApi[] = []): Promise<GuardedOutput> {
  // Without a gated page or section there is no gated path or title to look for: only the files naming URLs are read.
  const gated = hasGatedContent(fullModel);
  const files = readOutput(outDir, gated ? () => true : isCheckedForUrls);
  // Public sources: public pages, and the OpenAPI descriptions the (public) API reference is made from (only gated strings are compared with them).
  const publicSources = !gated ? [] : fullModel.versions.flatMap((site) => [
    ...flattenPages(site.nav).filter((page) => page.public).map((page) => readFileSync(join(docsRoot, page.file), 'utf8')),
    ...publicApis(orderApis(versionApiSources(docsRoot, site.version.id), fullModel.config.apis)).map(({ file }) => readFileSync(join(docsRoot, file), 'utf8')),
  ]);
  // Public translations: their words are public too.
  for (const locale of fullModel.locales ?? []) {
    for (const site of locale.versions) publicSources.push(...flattenPages(site.nav).filter((page) => page.public && !page.untranslated).map((page) => readFileSync(join(docsRoot, page.file), 'utf8')));
  }
  const { problems, warnings } = guardDiscoveryOutput({ model: fullModel, files, publicSources });
  const descriptions = privateDescriptions(fullModel, docsRoot, events);
  const canaries = privateCanaries(descriptions);
  if (canaries.length > 0) {
    const scanned = await scanPublicFiles(outDir, canaries, limits);
    problems.push(...scanned.problems);
    warnings.push(...scanned.warnings);
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 30).map((problem) => `  - ${problem}`);
    throw new LeakGuardError(
      `Discovery leak guard: the build output breaks the public/gated promise (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${shown.join('\n')}${problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : ''}`,
      'A discovery file names a URL that is not built, a gated page\'s title or path reached an output file, or text of an API description that only signed-in readers may read did. Check what links to it (page text, nav titles) or what put that text in a public file (a script importing the description, a public asset) and remove it; gated pages and private references must stay invisible to anonymous readers.',
    );
  }
  return { warnings, privateVersions: descriptions.map(({ version }) => version), canaries: canaries.length };
}

/**
 * The API descriptions only some readers may read (every version's on a login-only site), as
 * canaries: distinctive strings of their own, minus those public content also holds (the site's
 * title and description, version labels, public pages, public descriptions) and those the
 * engine's own code holds (HTTP status texts, the sandbox's problem codes and messages), which
 * its public scripts carry whatever the description says.
 */
function privateDescriptions(model: SiteModel, docsRoot: string, events: readonly LoadedEventApi[]): PrivateDescription[] {
  // A description is open when the version's reference is public and its API is not gated by roles (`apis:` in site.yml).
  const described = model.versions.flatMap((site) => orderApis(versionApiSources(docsRoot, site.version.id), model.config.apis).map(({ file, roles }) => ({ version: site.version.id, file, open: apiAccess(model.config.auth, roles).public })));
  // The build's event APIs (AsyncAPI) alike: one gated by roles is rendered by the server only.
  const eventDescribed = events.map(({ version, file, roles }) => ({ version, file, open: apiAccess(model.config.auth, roles).public }));
  if ([...described, ...eventDescribed].every(({ open }) => open)) return [];
  const publicText = [
    model.config.title,
    model.config.description,
    ...model.versions.flatMap((site) => [site.version.label, ...flattenPages(site.nav).filter((page) => page.public).map((page) => readFileSync(join(docsRoot, page.file), 'utf8'))]),
    ...[...described, ...eventDescribed].filter(({ open }) => open).map(({ file }) => readFileSync(join(docsRoot, file), 'utf8')),
    engineSources(),
  ].join('\n');
  return [
    ...described.filter(({ open }) => !open).map(({ version, file }) => ({ version, canaries: descriptionCanaries(readOpenApi(docsRoot, file), publicText) })),
    ...eventDescribed.filter(({ open }) => !open).map(({ version, file }) => ({ version, canaries: eventDescriptionCanaries(parse(readFileSync(join(docsRoot, file), 'utf8')), publicText) })),
  ];
}

/** The engine's source text (src/, a megabyte or two), read once per build that has private descriptions. */
function engineSources(): string {
  const root = fileURLToPath(new URL('..', import.meta.url));
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:ts|astro|css|mjs|js)$/.test(entry.name))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

/** Every file of the output, whatever its type, one after the other: the problems of canaries found, and a warning per compressed file checked only in part. */
async function scanPublicFiles(outDir: string, canaries: readonly VersionCanary[], limits: ScanLimits): Promise<{ problems: string[]; warnings: string[] }> {
  const find = canaryFinder(canaries);
  const overlap = canaries.reduce((longest, canary) => Math.max(longest, canary.text.length), 0) - 1;
  const problems: string[] = [];
  const warnings: string[] = [];
  const files = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  for (const full of files.map((entry) => join(entry.parentPath, entry.name)).sort()) {
    const path = relative(outDir, full).split(sep).join('/');
    if (isVendorFile(full)) continue;
    const { found, truncated } = await canariesInFile(full, find, overlap, limits);
    problems.push(...canaries.filter((canary) => found.has(canary)).map((canary) => leakProblem(path, canary)));
    if (truncated) warnings.push(`${path} unpacks to more than ${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} MB: only that much of it was checked for text of the private API descriptions.`);
  }
  return { problems, warnings };
}

/**
 * Every file of the output; the text of those `read` accepts (the others: path only, empty text).
 * Text files are read and Pagefind's gzip files decompressed, so the search index is scanned too.
 */
function readOutput(outDir: string, read: (path: string) => boolean): OutputFile[] {
  const files: OutputFile[] = [];
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const path = relative(outDir, full).split(sep).join('/');
    if (!read(path) || isVendorFile(full)) files.push({ path, text: '' });
    // Only text and gzip files are read: a large binary public file costs nothing here.
    else if (startsWithGzipMagic(full)) {
      try {
        files.push({ path, text: gunzipSync(readFileSync(full)).toString('utf8') });
      } catch {
        // Not gzip after all: binary, nothing to scan.
      }
    } else if (TEXT.has(extname(entry.name)) || entry.name === '_headers') files.push({ path, text: readFileSync(full, 'utf8') });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}
