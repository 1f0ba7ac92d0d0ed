/**
 * The OpenAPI document the sandbox implements (content/1.2/openapi.yaml), as JSON so browser
 * bundles need no YAML parser. Regenerate with `node src/mocks/openapi/write-openapi-json.ts`.
 */
import document from './generated/openapi-1.2.json' with { type: 'json' };
import type { OpenApiDocument } from './openapi/document.ts';

export const SANDBOX_OPENAPI = document as unknown as OpenApiDocument;
