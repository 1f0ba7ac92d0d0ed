/**
 * What the incremental-build equivalence tests share: a build read from Astro's log, the files of
 * an output folder, the byte-for-byte comparison of two outputs, a writer's edit of the fixture,
 * and the emptying of a docs root's build cache.
 */
import { cacheFolderName, codeDigest } from '../../../src/integration/cache-folder.ts';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import { astroBuild, PROJECT_ROOT } from '../../e2e/support/sites.ts';

export interface BuildLog {
  /** HTML pages of versioned routes rendered in this build (not copied from the cache). */
  rendered: string[];
  /** Pages copied from the previous build. */
  reused: string[];
  /** Markdown sources (`.md`) that went through Astro's render pipeline in this build. */
  renderedSources: string[];
  /** Everything the build printed, colour codes removed. */
  output: string;
}

/** Builds `docsRoot` into `out` (failing with the log when the build fails) and reads what it rendered and reused. */
export function buildAndRead(docsRoot: string, out: string, env: Record<string, string>): BuildLog {
  const { status, output } = astroBuild(docsRoot, out, env);
  if (status !== 0) throw new Error(`Building ${docsRoot} failed:\n${output}`);
  const lines = output.split('\n').filter((line) => line.includes('├─'));
  const path = (line: string) => /├─ (\S+)/.exec(line)![1]!;
  const rendered = lines.filter((line) => !/\((cached|restored)\)/.test(line)).map(path);
  return {
    rendered: rendered.filter((file) => /^\/\d+\.\d+\/.+\.html$/.test(file)),
    reused: lines.filter((line) => /\((cached|restored)\)/.test(line)).map(path),
    renderedSources: rendered.filter((file) => file.endsWith('.md')),
    output,
  };
}

/** Every file under `dir`, relative to it, sorted. */
export function outputFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** The same files in both folders, byte for byte. */
export function expectSameFiles(incremental: string, cold: string): void {
  const ours = outputFiles(incremental);
  expect(ours).toEqual(outputFiles(cold));
  const differing = ours.filter((file) => !readFileSync(join(incremental, file)).equals(readFileSync(join(cold, file))));
  expect(differing, 'files whose incremental build differs from the cold one').toEqual([]);
}

/** A writer's edit of one file of the docs root; an edit that changes nothing is a mistake of the test. */
export function editFile(docsRoot: string, file: string, change: (text: string) => string): void {
  const path = join(docsRoot, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`The edit of ${file} changed nothing.`);
  writeFileSync(path, after);
}

/** Empties the build's cache folder for this docs root (astro.config.mjs keys it by the root's path and the generator's code), so the next build is cold. */
export function emptyBuildCache(docsRoot: string): void {
  rmSync(join(PROJECT_ROOT, 'node_modules/.astro', cacheFolderName(docsRoot, codeDigest(join(PROJECT_ROOT, 'src')))), { recursive: true, force: true });
}
