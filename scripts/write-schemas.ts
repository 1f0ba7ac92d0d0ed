/**
 * `npm run schemas`: writes the JSON Schemas of the config files to schemas/ and the manual's
 * configuration reference, all generated from the zod schemas (src/config/config-reference.ts).
 * tests/unit/config/json-schemas.test.ts fails when a committed file differs from what this writes.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from '../src/config/config-reference.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

for (const { file, text } of generatedFiles()) {
  const path = join(root, file);
  const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (before === text) {
    console.log(`unchanged  ${file}`);
    continue;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`${before === undefined ? 'written  ' : 'updated  '}  ${file}`);
}
