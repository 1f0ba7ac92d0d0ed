import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeApi, type OpenApiInput } from '../../../src/openapi/index.ts';
import { loadVersionApi } from '../../../src/openapi/openapi-fs.ts';
import { CHANGE_RULES, diffDescriptions, type ChangeRule, type OperationChange } from '../../../src/reference/api-changes.ts';

/** A description with one operation, `POST /things/{id}`, built from the parts a test changes. */
function api(operation: Record<string, unknown>, extra: Partial<OpenApiInput> = {}) {
  const document: OpenApiInput = {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1' },
    paths: { '/things/{id}': { post: { operationId: 'makeThing', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'OK' } }, ...operation } } },
    components: {
      schemas: { Status: { type: 'string', enum: ['open', 'closed'] } },
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' }, oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { read: '', write: '' } } } } },
    },
    ...extra,
  };
  return describeApi(document, { source: 'test.yaml' });
}

const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const body = (schema: Record<string, unknown>, required = true) => ({ requestBody: { required, ...json(schema) } });
const ok = (schema: Record<string, unknown>) => ({ responses: { '200': { description: 'OK', ...json(schema) } } });
const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

/** Every rule some pair below applied, for the last test. */
const applied = new Set<ChangeRule>();

function diff(previous: ReturnType<typeof api>, current: ReturnType<typeof api>): OperationChange[] {
  const changes = diffDescriptions(previous, current);
  for (const change of changes) for (const item of change.details) applied.add(item.rule);
  return changes;
}

/** The rules the change from `before` to `after` of the one operation applies. */
function rules(before: Record<string, unknown>, after: Record<string, unknown>): Array<[ChangeRule, boolean]> {
  const changes = diff(api(before), api(after));
  return changes.flatMap((change) => change.details.map((item) => [item.rule, item.breaking] as [ChangeRule, boolean]));
}

const query = (name: string, required: boolean, schema: Record<string, unknown> = { type: 'string' }) => ({ name, in: 'query', required, schema });
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

describe('breaking rules, each on a small pair and in both directions', () => {
  it('operations: a removed one breaks, an added one does not', () => {
    const one = api({});
    const two = api({}, { paths: { ...one.document.paths, '/other': { get: { operationId: 'other', responses: { '204': { description: 'gone' } } } } } });
    const added = diff(one, two);
    expect(added).toMatchObject([{ kind: 'added', breaking: false, current: { slug: 'other', label: 'GET /other', title: 'other' } }]);
    const removed = diff(two, one);
    expect(removed).toMatchObject([{ kind: 'removed', breaking: true, previous: { slug: 'other', label: 'GET /other' } }]);
    expect(diff(one, one)).toEqual([]);
  });

  it('operations: the same method and path is the same operation, whatever the path parameter or operationId is called', () => {
    const renamed = describeApi({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/things/{thingId}': { post: { operationId: 'createThing', parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'OK' } } } } } }, { source: 'b.yaml' });
    expect(diff(api({}), renamed)).toEqual([]);
  });

  it('deprecating an operation does not break', () => {
    expect(rules({}, { deprecated: true })).toEqual([['operation-deprecated', false]]);
    expect(rules({ deprecated: true }, {})).toEqual([]);
  });

  it('parameters: a new required one breaks, a new optional one does not; removing one breaks', () => {
    expect(rules({}, { parameters: [idParameter, query('q', true)] })).toEqual([['parameter-added-required', true]]);
    expect(rules({}, { parameters: [idParameter, query('q', false)] })).toEqual([['parameter-added-optional', false]]);
    expect(rules({ parameters: [idParameter, query('q', false)] }, {})).toEqual([['parameter-removed', true]]);
  });

  it('parameters: becoming required breaks, becoming optional does not', () => {
    expect(rules({ parameters: [idParameter, query('q', false)] }, { parameters: [idParameter, query('q', true)] })).toEqual([['parameter-now-required', true]]);
    expect(rules({ parameters: [idParameter, query('q', true)] }, { parameters: [idParameter, query('q', false)] })).toEqual([['parameter-now-optional', false]]);
  });

  it('parameters: an enum losing values breaks (a request), gaining values does not', () => {
    const narrow = { parameters: [idParameter, query('sort', false, { type: 'string', enum: ['asc'] })] };
    const wide = { parameters: [idParameter, query('sort', false, { type: 'string', enum: ['asc', 'desc'] })] };
    expect(rules(wide, narrow)).toEqual([['request-enum-narrowed', true]]);
    expect(rules(narrow, wide)).toEqual([['request-enum-widened', false]]);
  });

  it('header parameter names are matched without case', () => {
    const header = (name: string) => ({ parameters: [idParameter, { name, in: 'header', required: false, schema: { type: 'string' } }] });
    expect(rules(header('X-Trace'), header('x-trace'))).toEqual([]);
  });

  it('request body: a new required one breaks, a new optional one does not, removing one breaks', () => {
    expect(rules({}, body(object({}), true))).toEqual([['request-body-added-required', true]]);
    expect(rules({}, body(object({}), false))).toEqual([['request-body-added-optional', false]]);
    expect(rules(body(object({})), {})).toEqual([['request-body-removed', true]]);
  });

  it('request body: becoming required breaks, becoming optional does not', () => {
    expect(rules(body(object({}), false), body(object({}), true))).toEqual([['request-body-now-required', true]]);
    expect(rules(body(object({}), true), body(object({}), false))).toEqual([['request-body-now-optional', false]]);
  });

  it('request body: a media type dropped breaks, one added does not', () => {
    const both = { requestBody: { content: { 'application/json': { schema: object({}) }, 'application/xml': { schema: object({}) } } } };
    const one = { requestBody: { content: { 'application/json': { schema: object({}) } } } };
    expect(rules(both, one)).toEqual([['request-media-type-removed', true]]);
    expect(rules(one, both)).toEqual([['request-media-type-added', false]]);
  });

  it('request fields: a new required one breaks, a new optional one does not, removing one breaks', () => {
    expect(rules(body(object({})), body(object({ name: { type: 'string' } }, ['name'])))).toEqual([['request-field-added-required', true]]);
    expect(rules(body(object({})), body(object({ name: { type: 'string' } })))).toEqual([['request-field-added-optional', false]]);
    expect(rules(body(object({ name: { type: 'string' } })), body(object({})))).toEqual([['request-field-removed', true]]);
  });

  it('request fields: becoming required breaks, becoming optional does not', () => {
    const optional = body(object({ name: { type: 'string' } }));
    const required = body(object({ name: { type: 'string' } }, ['name']));
    expect(rules(optional, required)).toEqual([['request-field-now-required', true]]);
    expect(rules(required, optional)).toEqual([['request-field-now-optional', false]]);
  });

  it('request fields: a narrowed enum breaks, a widened one does not, through named schemas and arrays', () => {
    const withStatus = (status: Record<string, unknown>) => body(object({ items: { type: 'array', items: object({ status }) } }));
    expect(rules(withStatus({ $ref: '#/components/schemas/Status' }), withStatus({ type: 'string', enum: ['open'] }))).toEqual([['request-enum-narrowed', true]]);
    expect(rules(withStatus({ type: 'string', enum: ['open'] }), withStatus({ $ref: '#/components/schemas/Status' }))).toEqual([['request-enum-widened', false]]);
    expect(diff(api(withStatus({ type: 'string', enum: ['open'] })), api(withStatus({ type: 'string' })))[0]!.details[0]!.text).toBe('The field `items[].status` of the request body is no longer limited to `open`.');
  });

  it('request fields: a narrowed type breaks, a widened one (nullable, integer to number) does not', () => {
    const typed = (type: unknown) => body(object({ note: { type } }));
    expect(rules(typed(['string', 'null']), typed('string'))).toEqual([['request-type-narrowed', true]]);
    expect(rules(typed('string'), typed(['string', 'null']))).toEqual([['request-type-widened', false]]);
    expect(rules(typed('integer'), typed('number'))).toEqual([['request-type-widened', false]]);
    expect(rules(typed('string'), typed('integer'))).toEqual([['request-type-narrowed', true]]);
  });

  it('request fields: readOnly fields are not part of a request', () => {
    expect(rules(body(object({})), body(object({ id: { type: 'string', readOnly: true } }, ['id'])))).toEqual([]);
  });

  it('status codes: a removed one breaks, an added one does not', () => {
    const two = { responses: { '200': { description: 'OK' }, '404': { description: 'Not found' } } };
    expect(rules(two, {})).toEqual([['response-status-removed', true]]);
    expect(rules({}, two)).toEqual([['response-status-added', false]]);
  });

  it('response media types: a dropped one breaks, an added one does not', () => {
    const both = { responses: { '200': { description: 'OK', content: { 'application/json': { schema: object({}) }, 'text/csv': { schema: { type: 'string' } } } } } };
    const one = ok(object({}));
    expect(rules(both, one)).toEqual([['response-media-type-removed', true]]);
    expect(rules(one, both)).toEqual([['response-media-type-added', false]]);
  });

  it('response fields: a removed one breaks, an added one does not', () => {
    expect(rules(ok(object({ total: { type: 'integer' } })), ok(object({})))).toEqual([['response-field-removed', true]]);
    expect(rules(ok(object({})), ok(object({ total: { type: 'integer' } })))).toEqual([['response-field-added', false]]);
  });

  it('response fields: no longer required breaks, newly required does not', () => {
    const optional = ok(object({ total: { type: 'integer' } }));
    const required = ok(object({ total: { type: 'integer' } }, ['total']));
    expect(rules(required, optional)).toEqual([['response-field-now-optional', true]]);
    expect(rules(optional, required)).toEqual([['response-field-now-required', false]]);
  });

  it('response enums: a widened one breaks, a narrowed one does not (the reverse of requests)', () => {
    const narrow = ok(object({ status: { type: 'string', enum: ['open'] } }));
    const wide = ok(object({ status: { $ref: '#/components/schemas/Status' } }));
    expect(rules(narrow, wide)).toEqual([['response-enum-widened', true]]);
    expect(rules(wide, narrow)).toEqual([['response-enum-narrowed', false]]);
  });

  it('response types: a widened one (now nullable) breaks, a narrowed one does not', () => {
    const typed = (type: unknown) => ok(object({ note: { type } }));
    expect(rules(typed('string'), typed(['string', 'null']))).toEqual([['response-type-widened', true]]);
    expect(rules(typed(['string', 'null']), typed('string'))).toEqual([['response-type-narrowed', false]]);
    expect(rules(typed('string'), typed('integer'))).toEqual([['response-type-widened', true]]);
  });

  it('response fields: writeOnly fields are not part of a response; allOf is merged', () => {
    expect(rules(ok(object({})), ok(object({ secret: { type: 'string', writeOnly: true } })))).toEqual([]);
    const merged = (extra: Record<string, unknown>) => ok({ allOf: [object({ id: { type: 'string' } }, ['id']), object(extra)] });
    expect(rules(merged({ name: { type: 'string' } }), merged({}))).toEqual([['response-field-removed', true]]);
  });

  it('security: a requirement on an open operation breaks, opening it does not', () => {
    expect(rules({}, { security: [{ key: [] }] })).toEqual([['security-requirement-added', true]]);
    expect(diff(api({}), api({ security: [{ key: [] }, { oauth: [] }] }))[0]!.details[0]!.text).toBe('Now requires a credential: `key` or `oauth`.');
    expect(rules({ security: [{ key: [] }] }, {})).toEqual([['security-alternative-added', false]]);
  });

  it('security: an alternative (or a scope) dropped breaks, one added does not', () => {
    const keyOnly = { security: [{ key: [] }] };
    const keyOrOauth = { security: [{ key: [] }, { oauth: ['read'] }] };
    expect(rules(keyOrOauth, keyOnly)).toEqual([['security-requirement-added', true]]);
    expect(rules(keyOnly, keyOrOauth)).toEqual([['security-alternative-added', false]]);
    const texts = diff(api({ security: [{ oauth: ['read'] }] }), api({ security: [{ oauth: ['read', 'write'] }] }))[0]!.details;
    expect(texts).toEqual([
      { rule: 'security-requirement-added', breaking: true, text: 'No longer accepts `oauth (read)`.' },
      { rule: 'security-alternative-added', breaking: false, text: 'Now also accepts `oauth (read, write)`.' },
    ]);
  });

  it('a changed operation is breaking when any of its details is, and prose or examples are no change', () => {
    const changes = diff(api({ parameters: [idParameter, query('a', false)] }), api({ summary: 'Make a thing', description: 'New words.', parameters: [idParameter, query('b', false)] }));
    expect(changes).toMatchObject([{ kind: 'changed', breaking: true, previous: { title: 'makeThing' }, current: { slug: 'make-thing', title: 'Make a thing' } }]);
    expect(rules({ responses: { '200': { description: 'OK', content: { 'application/json': { schema: object({}), example: { a: 1 } } } } } }, ok(object({})))).toEqual([]);
  });

  it('every rule was applied by a pair above', () => {
    expect([...applied].sort()).toEqual(Object.keys(CHANGE_RULES).sort());
  });
});

describe('the default site', () => {
  const ROOT = join(import.meta.dirname, '../../..');
  const load = (version: string) => loadVersionApi(ROOT, version, { origin: 'https://docs.caravan.example' })!;
  const summary = (changes: OperationChange[]) => changes.map((change) => ({ kind: change.kind, breaking: change.breaking, details: change.details.map((item) => `${item.breaking ? 'breaking' : 'ok'}: ${item.text}`) }));

  it('2.0-beta adds an optional Idempotency-Key header to the dispatch and changes nothing else since 1.2', () => {
    expect(summary(diffDescriptions(load('1.2'), load('2.0-beta')))).toEqual([
      { kind: 'changed', breaking: false, details: ['ok: New optional header parameter `Idempotency-Key`.'] },
    ]);
  });

  it('1.2 pages the market orders and lets an update clear the description, since 1.1', () => {
    expect(summary(diffDescriptions(load('1.1'), load('1.2')))).toEqual([
      { kind: 'changed', breaking: false, details: ['ok: The type of the field `description` of the request body changed from `string` to `string` or `null`.'] },
      {
        kind: 'changed',
        breaking: false,
        details: [
          'ok: New optional query parameter `page`.',
          'ok: New optional query parameter `per_page`.',
          'ok: New field `page` of the `200` response.',
          'ok: New field `per_page` of the `200` response.',
          'ok: New field `has_more` of the `200` response.',
          'ok: New field `next_page` of the `200` response.',
        ],
      },
    ]);
  });
});
