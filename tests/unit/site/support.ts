import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { DocsInputError } from '../../../src/config/errors.ts';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures');

const created: string[] = [];
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

/** A copy of a fixture site with some files replaced (`null` deletes a file). */
export function siteWith(files: Record<string, string | null>, fixture = 'basic'): string {
  const dir = mkdtempSync(join(tmpdir(), 'caravan-docs-'));
  created.push(dir);
  cpSync(join(FIXTURES, fixture), dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    const path = join(dir, file);
    if (text === null) rmSync(path, { recursive: true, force: true });
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
  }
  return dir;
}

/** The error a docs writer would see for this site, as printed (message and fix). */
export function loadError(root: string, env: Record<string, string> = {}): string {
  try {
    loadSite(root, env);
  } catch (error) {
    if (error instanceof DocsInputError) return error.format();
    throw error;
  }
  throw new Error('expected the site to fail to load');
}
