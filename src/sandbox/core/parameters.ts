/**
 * Path, query, header and cookie parameters: text turned into the value the schema types it
 * as, defaults applied, then checked against the schema. Pure.
 */
import { parameterIssues } from './issues.ts';
import { setOwn } from './own.ts';
import { readCookies } from './security.ts';
import type { FieldIssue, RuntimeOperation, RuntimeParameter, ValidatorSource } from './types.ts';

const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * The text as the schema's type, or undefined when it cannot be one. An integer too large to
 * hold exactly is clamped to the largest safe integer: a declared `maximum` then refuses it,
 * and without one a page that far is simply empty.
 */
export function coerce(type: string | undefined, text: string): unknown {
  switch (type) {
    case 'integer': {
      if (!INTEGER_TEXT.test(text)) return undefined;
      const value = Number(text);
      return Number.isSafeInteger(value) ? value : value > 0 ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER;
    }
    case 'number':
      return NUMBER_TEXT.test(text) && Number.isFinite(Number(text)) ? Number(text) : undefined;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    default:
      return text;
  }
}

const WORDS: Record<string, string> = { integer: 'an integer', number: 'a number', boolean: 'true or false' };

interface ParsedParameters {
  path: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  cookies: Record<string, unknown>;
}

export type ParameterParsing = { ok: true; values: ParsedParameters } | { ok: false; issues: FieldIssue[] };

function texts(parameter: RuntimeParameter, url: URL, request: Request, cookies: () => Map<string, string>, pathParams: Readonly<Record<string, string>>): string[] {
  switch (parameter.in) {
    case 'path':
      return Object.hasOwn(pathParams, parameter.name) ? [pathParams[parameter.name]!] : [];
    case 'query': {
      const all = url.searchParams.getAll(parameter.name);
      if (parameter.type === 'array' && parameter.explode === false) return all.flatMap((text) => text.split(','));
      return all;
    }
    case 'header': {
      const value = request.headers.get(parameter.name);
      if (value === null) return [];
      return parameter.type === 'array' ? value.split(',').map((item) => item.trim()) : [value];
    }
    case 'cookie': {
      const value = cookies().get(parameter.name);
      return value === undefined ? [] : [value];
    }
  }
}

export function parseParameters(operation: RuntimeOperation, request: Request, url: URL, pathParams: Readonly<Record<string, string>>, validators: ValidatorSource): ParameterParsing {
  const values: ParsedParameters = { path: {}, query: {}, headers: {}, cookies: {} };
  const issues: FieldIssue[] = [];
  let cookieMap: Map<string, string> | undefined;
  const cookies = () => (cookieMap ??= readCookies(request.headers.get('Cookie')));
  for (const parameter of operation.parameters) {
    const found = texts(parameter, url, request, cookies, pathParams);
    let value: unknown;
    if (found.length === 0) {
      if (parameter.required) {
        issues.push({ pointer: parameter.name, detail: 'is required' });
        continue;
      }
      if (parameter.default === undefined) continue;
      value = parameter.default;
    } else if (parameter.type === 'array') {
      const items = found.map((text) => coerce(parameter.itemType, text));
      if (items.some((item) => item === undefined)) {
        issues.push({ pointer: parameter.name, detail: `must be a list of ${WORDS[parameter.itemType ?? ''] ?? 'values'}` });
        continue;
      }
      value = items;
      const validate = parameter.schema === undefined ? undefined : validators.get(parameter.schema);
      if (validate !== undefined && !validate(value)) {
        issues.push(...parameterIssues(parameter.name, validate.errors));
        continue;
      }
    } else {
      if (found.length > 1) {
        issues.push({ pointer: parameter.name, detail: 'must be given once' });
        continue;
      }
      value = coerce(parameter.type, found[0]!);
      if (value === undefined) {
        issues.push({ pointer: parameter.name, detail: `must be ${WORDS[parameter.type ?? ''] ?? 'a valid value'}` });
        continue;
      }
      const validate = parameter.schema === undefined ? undefined : validators.get(parameter.schema);
      if (validate !== undefined && !validate(value)) {
        issues.push(...parameterIssues(parameter.name, validate.errors));
        continue;
      }
    }
    const bucket = parameter.in === 'path' ? values.path : parameter.in === 'query' ? values.query : parameter.in === 'header' ? values.headers : values.cookies;
    setOwn(bucket, parameter.name, parameter.in === 'path' ? String(value) : value);
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, values };
}
