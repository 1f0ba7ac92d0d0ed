/** Node only: reads and parses an OpenAPI YAML (or JSON) file. Never import this from browser code. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { OpenApiDocument } from './document.ts';

/** The description the sandbox implements. */
export const SANDBOX_OPENAPI_PATH = fileURLToPath(new URL('../../../content/1.2/openapi.yaml', import.meta.url));

export function readOpenApiFile(path: string = SANDBOX_OPENAPI_PATH): OpenApiDocument {
  const document = parse(readFileSync(path, 'utf8')) as unknown;
  if (typeof document !== 'object' || document === null || !('paths' in document) || !('openapi' in document)) {
    throw new Error(`Caravan sandbox: ${path} is not an OpenAPI document (no \`openapi\` or \`paths\`).`);
  }
  return document as OpenApiDocument;
}
