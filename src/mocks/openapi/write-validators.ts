/**
 * Node only: compiles every request schema the sandbox checks (request bodies and query
 * parameters of content/1.2/openapi.yaml) into standalone Ajv code, written to
 * src/mocks/generated/request-validators-1.2.ts, so the browser validates every request
 * without shipping Ajv's compiler (about 40 KB gzip). The module also holds the document
 * trimmed to what the pipeline reads at run time (`RUNTIME_OPENAPI`).
 *   node src/mocks/openapi/write-validators.ts
 * tests/unit/console/generated-validators.test.ts fails when the file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { describeOperations, type OpenApiDocument } from './document.ts';
import { readOpenApiFile } from './read-openapi-file.ts';
import { DOCUMENT_ID, DOCUMENT_VOCABULARY } from './schema-registry.ts';

export const VALIDATORS_PATH = fileURLToPath(new URL('../generated/request-validators-1.2.ts', import.meta.url));

/** Ajv's runtime helper for string lengths in code points, inlined so the module needs no CommonJS `require`. */
const UCS2LENGTH = `function ucs2length(str) {
  const len = str.length;
  let length = 0;
  let pos = 0;
  let value;
  while (pos < len) {
    length++;
    value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      value = str.charCodeAt(pos);
      if ((value & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}`;

/** The JSON Pointers of every schema the request pipeline validates against, in document order. */
export function requestSchemaPointers(document: OpenApiDocument): string[] {
  const pointers = describeOperations(document).flatMap((operation) => [
    ...operation.queryParameters.map((parameter) => parameter.schemaPointer),
    ...(operation.bodySchemaPointer === undefined ? [] : [operation.bodySchemaPointer]),
  ]);
  return [...new Set(pointers)];
}

const ANNOTATIONS = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs', 'deprecated', 'readOnly', 'writeOnly', '$comment']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_VALUES = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const mapValues = (value: unknown, f: (item: unknown) => unknown) => (isObject(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, f(item)])) : value);

/** A schema without annotations (descriptions, examples): what validation and type coercion read. */
function bareSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const bare: Json = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) continue;
    if (SCHEMA_MAPS.has(keyword)) bare[keyword] = mapValues(value, bareSchema);
    else if (SCHEMA_LISTS.has(keyword) && Array.isArray(value)) bare[keyword] = value.map(bareSchema);
    else if (SCHEMA_VALUES.has(keyword)) bare[keyword] = bareSchema(value);
    else bare[keyword] = value;
  }
  return bare;
}

function bareParameter(parameter: unknown): unknown {
  if (!isObject(parameter)) return parameter;
  if (typeof parameter['$ref'] === 'string') return { $ref: parameter['$ref'] };
  return { name: parameter['name'], in: parameter['in'], ...(parameter['required'] === true ? { required: true } : {}), ...(parameter['schema'] === undefined ? {} : { schema: bareSchema(parameter['schema']) }) };
}

/**
 * The document as the request pipeline reads it at run time (operations, parameters,
 * request body schemas, servers, component schemas), without descriptions, examples or
 * responses: a fifth of the size for the browser bundle. Validation itself uses the
 * generated validators, which were compiled from the full document.
 */
export function runtimeDocument(document: OpenApiDocument): OpenApiDocument {
  const paths: Json = {};
  for (const [path, item] of Object.entries(document.paths)) {
    const bare: Json = {};
    for (const [key, value] of Object.entries(item)) {
      if (key === 'parameters' && Array.isArray(value)) bare[key] = value.map(bareParameter);
      else if (key === 'servers') bare[key] = value;
      else if (isObject(value) && typeof value['operationId'] === 'string') {
        const operation: Json = { operationId: value['operationId'] };
        if (Array.isArray(value['parameters'])) operation['parameters'] = value['parameters'].map(bareParameter);
        if (value['servers'] !== undefined) operation['servers'] = value['servers'];
        const body = value['requestBody'];
        if (isObject(body)) {
          operation['requestBody'] = { ...(body['required'] === true ? { required: true } : {}), content: mapValues(body['content'], (media) => (isObject(media) && media['schema'] !== undefined ? { schema: bareSchema(media['schema']) } : {})) };
        }
        bare[key] = operation;
      }
    }
    paths[path] = bare;
  }
  const components = document.components ?? {};
  return {
    openapi: document.openapi,
    info: { title: document.info.title, version: document.info.version },
    ...(document.servers ? { servers: document.servers.map(({ url }) => ({ url })) } : {}),
    paths: paths as OpenApiDocument['paths'],
    components: { parameters: mapValues(components['parameters'] ?? {}, bareParameter) as Json, schemas: mapValues(components['schemas'] ?? {}, bareSchema) as Json },
  };
}

/** The generated module's source: standalone validators and a table from pointer to validator. */
export function validatorsSource(document: OpenApiDocument): string {
  const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true, strict: true, validateFormats: false, code: { source: true, esm: true, lines: true } });
  ajv.addVocabulary([...DOCUMENT_VOCABULARY]);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID } as object);
  const pointers = requestSchemaPointers(document);
  const refs = Object.fromEntries(pointers.map((pointer, index) => [`validate${index}`, `${DOCUMENT_ID}#${pointer}`]));
  const code = standaloneCode(ajv, refs)
    .replaceAll('"use strict";', '')
    .replaceAll('require("ajv/dist/runtime/ucs2length").default', 'ucs2length');
  const leftover = /require\([^)]*\)/.exec(code);
  if (leftover) throw new Error(`write-validators: the generated code needs ${leftover[0]}; add an inline version of it like ucs2length.`);
  return [
    '// @ts-nocheck',
    '// Generated by src/mocks/openapi/write-validators.ts from content/1.2/openapi.yaml; do not edit.',
    UCS2LENGTH,
    code.trim(),
    '',
    '/** The document as the request pipeline reads it at run time (no descriptions, examples or responses). */',
    `export const RUNTIME_OPENAPI = ${JSON.stringify(runtimeDocument(document))};`,
    '',
    '/** Standalone validator per JSON Pointer into the document. */',
    'export const REQUEST_VALIDATORS = {',
    ...pointers.map((pointer, index) => `  ${JSON.stringify(pointer)}: validate${index},`),
    '};',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(VALIDATORS_PATH, validatorsSource(readOpenApiFile()));
  console.log(`Wrote ${VALIDATORS_PATH}`);
}
