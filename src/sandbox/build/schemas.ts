/**
 * JSON Schema validation of a description's schemas with Ajv (draft 2020-12), by JSON Pointer
 * into the document: compiled on first use in Node, or written out as standalone code at build
 * time for the browser (no Ajv compiler there). OpenAPI 3.0 schemas are read as 3.0 means them
 * (`nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`); `readOnly` and `writeOnly`
 * properties are never required (each is absent in one direction); formats are not checked.
 * Patterns run in linear time (RE2, src/sandbox/core/linear-regexp.ts); in the browser's
 * standalone code, patterns the backtracking RegExp runs safely stay native (no RE2 to load).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import linearRegExp, { runsInLinearTime } from '../core/linear-regexp.ts';
import { backtrackingSafe } from '../core/pattern-safety.ts';
import type { Validator, ValidatorSource } from '../core/types.ts';

const DOCUMENT_ID = 'urn:caravan-docs:openapi';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Maps whose keys are names (not keywords): their members are never stripped. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'schemas', 'paths', 'webhooks', 'responses', 'parameters', 'headers', 'content', 'securitySchemes', 'requestBodies', 'examples', 'links', 'callbacks', 'variables', 'mapping', 'encoding']);
const ANNOTATIONS = new Set(['example', 'examples', 'description', 'summary', 'externalDocs', 'xml', 'discriminator', 'deprecated']);

/** Which side a validator checks: properties absent on that side are never required. */
export type Direction = 'request' | 'response' | 'both';

function normalizeSchemaNode(node: Json, openapi30: boolean, direction: Direction, discriminated: boolean): void {
  // A discriminated oneOf picks the variant its tag names; variants without `additionalProperties: false`
  // often match several at once, which a strict oneOf refuses. anyOf is the faithful approximation.
  if (discriminated && Array.isArray(node['oneOf']) && node['anyOf'] === undefined) {
    node['anyOf'] = node['oneOf'];
    delete node['oneOf'];
  }
  if (openapi30) {
    if (node['nullable'] === true) {
      if (typeof node['type'] === 'string') node['type'] = [node['type'], 'null'];
      if (Array.isArray(node['enum']) && !node['enum'].includes(null)) node['enum'] = [...node['enum'], null];
    }
    delete node['nullable'];
    for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
      if (typeof node[flag] === 'boolean') {
        if (node[flag] === true && typeof node[bound] === 'number') {
          node[flag] = node[bound];
          delete node[bound];
        } else delete node[flag];
      }
    }
  }
  const properties = node['properties'];
  if (Array.isArray(node['required']) && isObject(properties)) {
    node['required'] = (node['required'] as unknown[]).filter((name) => {
      const property = properties[String(name)];
      if (!isObject(property)) return true;
      if (direction !== 'response' && property['readOnly'] === true) return false;
      return !(direction !== 'request' && property['writeOnly'] === true);
    });
  }
}

/** A copy of the document for validation: examples and other annotations dropped, 3.0 read as 3.0. */
export function validationDocument(document: unknown, direction: Direction = 'both'): Json {
  const openapi30 = isObject(document) && typeof document['openapi'] === 'string' && document['openapi'].startsWith('3.0');
  const walk = (node: unknown, inNameMap: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, false));
    if (!isObject(node)) return node;
    const copy: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (!inNameMap && (ANNOTATIONS.has(key) || key.startsWith('x-'))) {
        // `examples` of a parameter or media type are a name map; in a schema an annotation: both dropped.
        continue;
      }
      copy[key] = walk(value, !inNameMap && NAME_MAPS.has(key));
    }
    if (!inNameMap) normalizeSchemaNode(copy, openapi30, direction, isObject(node['discriminator']));
    return copy;
  };
  return { ...(walk(document, false) as Json), $id: DOCUMENT_ID };
}

/** Marks RE2 pattern calls in standalone code (`caravan-docs:linear-regexp`), rewritten per pattern in `standaloneWriter`. */
const regExp = Object.assign((pattern: string, flags: string) => linearRegExp(pattern, flags), { code: 'require("caravan-docs:linear-regexp").default' });
const LINEAR_MARKER = new RegExp('const (func\\d+) = require\\("caravan-docs:linear-regexp"\\)\\.default;');
/** The engine's RE2 module, as the bundler imports it from a standalone part (a file path; this module does no I/O). */
const LINEAR_MODULE_FILE = decodeURIComponent(new URL('../core/linear-regexp.ts', import.meta.url).pathname);

/**
 * `optimize: false` skips Ajv's passes over the generated code (folding, dropping unused names):
 * the same checks and errors, compiled faster, run a little slower. On a large description those
 * passes are most of the compile (Stripe: about half of its runtime API's 7 s of CPU).
 * `inlineRefs: false` compiles each referenced schema once, as a function its users call, instead
 * of copying its code into every schema that refers to it: on GitHub's description the browser's
 * validators went from 35 to 29 MB (largest operation 51 → 31 KB gzip) and their compile from
 * 4.0 to 2.8 s. The same checks and errors (the sandbox reads no error's `schemaPath`).
 */
function newAjv(source: boolean, formats = false, optimize = true): Ajv2020 {
  return new Ajv2020({
    allErrors: true,
    allowUnionTypes: true,
    strict: false,
    validateFormats: formats,
    logger: false,
    inlineRefs: false,
    code: source ? { source: true, esm: true, lines: false, regExp } : { regExp, ...(optimize ? {} : { optimize: false }) },
  });
}

/**
 * Every pattern of the description (`pattern`, and `patternProperties` names) that RE2 cannot
 * run (lookarounds, backreferences), by JSON Pointer: the sandbox does not check them.
 */
export function uncheckedPatterns(document: unknown): Array<{ pointer: string; pattern: string }> {
  const found: Array<{ pointer: string; pattern: string }> = [];
  const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
  const walk = (node: unknown, pointer: string, inNameMap: boolean): void => {
    if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${pointer}/${index}`, false));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escape(key)}`;
      if (!inNameMap && (key === 'example' || key === 'examples')) continue;
      if (!inNameMap && key === 'pattern' && typeof value === 'string' && !runsInLinearTime(value)) found.push({ pointer: at, pattern: value });
      if (!inNameMap && key === 'patternProperties' && isObject(value)) {
        for (const name of Object.keys(value)) if (!runsInLinearTime(name)) found.push({ pointer: `${at}/${escape(name)}`, pattern: name });
      }
      walk(value, at, !inNameMap && NAME_MAPS.has(key));
    }
  };
  walk(document, '', false);
  return found;
}

/**
 * Each RE2 pattern call of standalone code made concrete: native `RegExp` for a pattern it runs
 * safely, RE2 (imported) for the others, and a check that passes for a pattern RE2 cannot run.
 */
function concretePatterns(code: string): { code: string; imports: string[] } {
  const declared = LINEAR_MARKER.exec(code);
  if (declared === null) return { code, imports: [] };
  let linear = false;
  const calls = new RegExp(`\\b${declared[1]}\\(("(?:[^"\\\\]|\\\\.)*"), ("[a-z]*")\\)`, 'g');
  const rewritten = code.replace(LINEAR_MARKER, '').replace(calls, (_whole, literal: string, flags: string) => {
    const pattern = JSON.parse(literal) as string;
    if (backtrackingSafe(pattern)) return `new RegExp(${literal}, ${flags})`;
    if (!runsInLinearTime(pattern)) return '{ test: () => true }';
    linear = true;
    return `__linearRegExp(${literal}, ${flags})`;
  });
  return { code: rewritten, imports: linear ? [`import __linearRegExp from ${JSON.stringify(LINEAR_MODULE_FILE)};`] : [] };
}

/**
 * Validators compiled on first use (Node). A schema Ajv cannot compile is not checked.
 * `prepared` is `validationDocument(document, direction)` when the caller has it already (a
 * copy of the whole description: made once, not twice); neither Ajv nor this module changes it.
 */
export function compiledValidators(document: unknown, options: { direction?: Direction; formats?: (ajv: Ajv2020) => void; prepared?: Json; optimize?: boolean } = {}): ValidatorSource & { ajv: Ajv2020 } {
  const ajv = newAjv(false, options.formats !== undefined, options.optimize);
  options.formats?.(ajv);
  ajv.addSchema(options.prepared ?? validationDocument(document, options.direction));
  const compiled = new Map<string, ValidateFunction | undefined>();
  return {
    ajv,
    get(pointer) {
      if (!compiled.has(pointer)) {
        let validate: ValidateFunction | undefined;
        try {
          validate = ajv.getSchema(`${DOCUMENT_ID}#${pointer}`);
        } catch {
          validate = undefined;
        }
        compiled.set(pointer, validate);
      }
      return compiled.get(pointer) as Validator | undefined;
    },
  };
}

/** Ajv's string length in code points (ajv/dist/runtime/ucs2length), as standalone code. */
const UCS2LENGTH = `function __ucs2length(str) {
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

/** Ajv's runtime helpers are CommonJS: their `exports.default` under any bundler's interop. */
const INTEROP = `function __exportsOf(ns) { return ns && ns.default && typeof ns.default === 'object' ? ns.default : ns; }
function __defaultOf(ns) { const exports = __exportsOf(ns); return typeof exports === 'function' ? exports : exports.default; }`;

/** Writes standalone validator modules from one compiled description (compiled once, written per group of pointers). */
export interface StandaloneWriter {
  /** An ES module exporting `validators`: pointer -> validator, for these pointers (those Ajv can compile). */
  module(pointers: readonly string[]): string;
}

export function standaloneWriter(document: unknown): StandaloneWriter {
  const ajv = newAjv(true);
  ajv.addSchema(validationDocument(document));
  const compiles = (pointer: string) => {
    try {
      return ajv.getSchema(`${DOCUMENT_ID}#${pointer}`) !== undefined;
    } catch {
      return false;
    }
  };
  return {
    module(pointers) {
      const usable = pointers.filter(compiles);
      if (usable.length === 0) return 'export const validators = {};\n';
      const refs = Object.fromEntries(usable.map((pointer, index) => [`v${index}`, `${DOCUMENT_ID}#${pointer}`]));
      const imports = new Map<string, string>();
      const patterns = concretePatterns(standaloneCode(ajv, refs));
      const code = patterns.code
        .replaceAll('"use strict";', '')
        // The one helper nearly every schema needs, inlined (no CommonJS interop needed for it).
        .replaceAll('require("ajv/dist/runtime/ucs2length").default', '__ucs2length')
        .replace(/require\("([^"]+)"\)(\.default)?/g, (_whole, module: string, isDefault: string | undefined) => {
          const specifier = module.endsWith('.js') ? module : `${module}.js`;
          let name = imports.get(specifier);
          if (name === undefined) {
            name = `__ajv${imports.size}`;
            imports.set(specifier, name);
          }
          return isDefault ? `__defaultOf(${name})` : `__exportsOf(${name})`;
        });
      const importLines = [...patterns.imports, ...[...imports].map(([specifier, name]) => `import * as ${name} from ${JSON.stringify(specifier)};`)];
      const interop = imports.size === 0 ? [] : [INTEROP];
      return [...importLines, ...interop, UCS2LENGTH, code.trim(), `export const validators = {${usable.map((pointer, index) => `${JSON.stringify(pointer)}: v${index}`).join(', ')}};`, ''].join('\n');
    },
  };
}

/**
 * How many named schemas a schema reaches through `$ref`s, counted up to `limit` (a cheap
 * stand-in for the size of its compiled validator, which grows with what it reaches).
 */
export function reachedSchemas(document: unknown, pointer: string, limit: number): number {
  const seen = new Set<string>();
  const stack: unknown[] = [pointerValue(document, pointer)];
  while (stack.length > 0 && seen.size <= limit) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    const ref = (node as Record<string, unknown>)['$ref'];
    if (typeof ref === 'string' && ref.startsWith('#/') && !seen.has(ref)) {
      seen.add(ref);
      stack.push(pointerValue(document, ref.slice(1)));
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'example' && key !== 'examples' && typeof child === 'object') stack.push(child);
  }
  return seen.size;
}

function pointerValue(document: unknown, pointer: string): unknown {
  let node = document;
  for (const segment of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return node;
}
