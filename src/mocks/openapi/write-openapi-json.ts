/**
 * Node only: writes content/1.2/openapi.yaml as JSON to src/mocks/generated/openapi-1.2.json,
 * so browser code can import the document without bundling a YAML parser.
 *   node src/mocks/openapi/write-openapi-json.ts
 * tests/unit/sandbox/openapi-consistency.test.ts fails when the JSON is out of date.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OpenApiDocument } from './document.ts';
import { readOpenApiFile } from './read-openapi-file.ts';

export const OPENAPI_JSON_PATH = fileURLToPath(new URL('../generated/openapi-1.2.json', import.meta.url));

export function toOpenApiJson(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OPENAPI_JSON_PATH, toOpenApiJson(readOpenApiFile()));
  console.log(`Wrote ${OPENAPI_JSON_PATH}`);
}
