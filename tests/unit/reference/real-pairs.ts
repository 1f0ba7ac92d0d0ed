/**
 * What the real-pair test compares the changelog with, computed without it: GitHub Enterprise
 * Server's descriptions (from `@octokit/openapi`), their operation sets, which operations changed
 * their contract, and `api-smart-diff`'s breaking changes (a test-only oracle).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiCompare } from 'api-smart-diff';
import { OPERATION_METHODS } from '../../../src/openapi/operations.ts';

type Json = Record<string, unknown>;

const GENERATED = join(import.meta.dirname, '../../../node_modules/@octokit/openapi/generated');

/** `ghes-3.19.json` as parsed: an OpenAPI 3.0 description with its webhooks under `x-webhooks`. */
export const readGhes = (version: string): Json => JSON.parse(readFileSync(join(GENERATED, `ghes-${version}.json`), 'utf8')) as Json;

const asRecord = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});

interface RawOperation {
  /** As the changelog labels it: `GET /repos/{owner}/{repo}`, `Webhook push (POST)`. */
  label: string;
  container: 'paths' | 'x-webhooks';
  path: string;
  method: string;
  operation: Json;
}

/** Every operation and webhook, keyed as the changelog matches them (path parameters' names aside). */
export function rawOperations(document: Json): Map<string, RawOperation> {
  const found = new Map<string, RawOperation>();
  for (const container of ['paths', 'x-webhooks'] as const) {
    for (const [path, item] of Object.entries(asRecord(document[container]))) {
      for (const method of OPERATION_METHODS) {
        const operation = asRecord(asRecord(item)[method]);
        if (Object.keys(operation).length === 0) continue;
        const webhook = container === 'x-webhooks';
        const label = webhook ? `Webhook ${path} (${method.toUpperCase()})` : `${method.toUpperCase()} ${path}`;
        found.set(`${container} ${method} ${webhook ? path : path.replace(/\{[^}]*\}/g, '{}')}`, { label, container, path, method, operation });
      }
    }
  }
  return found;
}

/** Not the contract: prose, examples and extensions. */
const notContract = (key: string): boolean => ['description', 'summary', 'externalDocs', 'example', 'examples', 'title'].includes(key) || key.startsWith('x-');

const target = (document: Json, ref: string): unknown =>
  ref
    .slice(2)
    .split('/')
    .reduce<unknown>((value, segment) => asRecord(value)[segment.replaceAll('~1', '/').replaceAll('~0', '~')], document);

const contracts = new WeakMap<Json, string>();

/** The operation with every component it reaches, without prose, as one string: equal strings, same contract. */
export function contract(document: Json, operation: Json): string {
  if (!contracts.has(operation)) contracts.set(operation, contractOf(document, operation));
  return contracts.get(operation)!;
}

function contractOf(document: Json, operation: Json): string {
  const reached = new Map<string, string>();
  const canonical = (value: unknown, names: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => canonical(item, false));
    if (typeof value !== 'object' || value === null) return value;
    const result: Json = {};
    for (const key of Object.keys(value).sort()) {
      if (!names && notContract(key)) continue;
      const item = (value as Json)[key];
      if (key === '$ref' && typeof item === 'string' && !reached.has(item)) {
        reached.set(item, '');
        reached.set(item, JSON.stringify(canonical(target(document, item), false)));
      }
      // Under `properties` keys are field names (a field may be called `description`).
      result[key] = canonical(item, !names && (key === 'properties' || key === 'patternProperties'));
    }
    return result;
  };
  const own = JSON.stringify(canonical(operation, false));
  return `${own}\n${JSON.stringify([...reached].sort(([a], [b]) => a.localeCompare(b)))}`;
}

/**
 * A description of only the given operations and the components they reach, for the oracle (a
 * whole GHES pair takes it about 6 s, these a few hundred ms). Each webhook becomes an operation
 * whose `200` response is the payload, so that the oracle judges the payload as what the reader
 * receives. A deep copy: `api-smart-diff` changes the documents it is given.
 */
function reduced(document: Json, operations: Map<string, RawOperation>, keys: readonly string[]): Json {
  const paths: Record<string, Json> = {};
  for (const key of keys) {
    const { container, path, method, operation } = operations.get(key)!;
    if (container === 'paths') (paths[path] ??= {})[method] = operation;
    else (paths[`/x-webhooks/${path}`] ??= {})[method] = { parameters: operation['parameters'], responses: { '200': { description: 'Payload', content: asRecord(operation['requestBody'])['content'] } } };
  }
  const components: Record<string, Json> = {};
  const seen = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, item] of Object.entries(value)) {
      if (key !== '$ref' || typeof item !== 'string') visit(item);
      else if (item.startsWith('#/components/') && !seen.has(item)) {
        seen.add(item);
        const [, , section, name] = item.split('/') as [string, string, string, string];
        const component = asRecord(asRecord(document['components'])[section])[name];
        if (component === undefined) continue;
        (components[section] ??= {})[name] = component;
        visit(component);
      }
    }
  };
  visit(paths);
  return structuredClone({ openapi: document['openapi'], info: document['info'], paths, components });
}

/** The labels of the operations `api-smart-diff` finds a breaking change in, among `keys`. */
export function oracleBreaking(previous: Json, current: Json, keys: readonly string[]): Set<string> {
  const [before, after] = [rawOperations(previous), rawOperations(current)];
  const { diffs } = apiCompare(reduced(previous, before, keys), reduced(current, after, keys));
  const labels = new Set<string>();
  for (const diff of diffs) {
    if (diff.type !== 'breaking' || diff.path[0] !== 'paths') continue;
    const [path, method] = [String(diff.path[1]), String(diff.path[2]).toUpperCase()];
    labels.add(path.startsWith('/x-webhooks/') ? `Webhook ${path.slice('/x-webhooks/'.length)} (${method})` : `${method} ${path}`);
  }
  return labels;
}
