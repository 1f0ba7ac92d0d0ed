import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeApi, type OpenApiInput } from '../../../src/openapi/index.ts';
import { loadVersionApi } from '../../../src/openapi/openapi-fs.ts';
import { diffDescriptions, type OperationChange } from '../../../src/reference/api-changes.ts';
import { CHANGE_RULES, code, type ChangeRule } from '../../../src/reference/change-rules.ts';

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

/** A description with one webhook, `thingMade`, that the API sends to the reader's server. */
const webhook = (operation: Record<string, unknown>) => api({}, { paths: {}, webhooks: { thingMade: { post: { operationId: 'thingMade', responses: { '200': { description: 'Received' } }, ...operation } } } });

const json = (schema: Record<string, unknown>) => ({ content: { 'application/json': { schema } } });
const body = (schema: Record<string, unknown>, required = true) => ({ requestBody: { required, ...json(schema) } });
const ok = (schema: Record<string, unknown>) => ({ responses: { '200': { description: 'OK', ...json(schema) } } });
const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

/** Every rule some pair below applied, with the verdicts seen, for the last test. */
const applied = new Map<ChangeRule, Set<boolean>>();

function diff(previous: ReturnType<typeof api>, current: ReturnType<typeof api>): OperationChange[] {
  const changes = diffDescriptions(previous, current);
  for (const change of changes) for (const item of change.details) applied.set(item.rule, (applied.get(item.rule) ?? new Set()).add(item.breaking));
  return changes;
}

type Judged = Array<[ChangeRule, boolean]>;
const judged = (changes: OperationChange[]): Judged => changes.flatMap((change) => change.details.map((item) => [item.rule, item.breaking] as [ChangeRule, boolean]));

/** The rules the change from `before` to `after` of the one operation applies. */
const rules = (before: Record<string, unknown>, after: Record<string, unknown>): Judged => judged(diff(api(before), api(after)));
/** The same for the one webhook. */
const webhookRules = (before: Record<string, unknown>, after: Record<string, unknown>): Judged => judged(diff(webhook(before), webhook(after)));

const query = (name: string, required: boolean, schema: Record<string, unknown> = { type: 'string' }) => ({ name, in: 'query', required, schema });
const header = (name: string, required: boolean) => ({ name, in: 'header', required, schema: { type: 'string' } });
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

describe('operations, parameters, bodies and statuses, each on a small pair and in both directions', () => {
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
    expect(rules(wide, narrow)).toEqual([['enum-narrowed', true]]);
    expect(rules(narrow, wide)).toEqual([['enum-widened', false]]);
  });

  it('parameters: a constraint set on a query parameter breaks, one removed does not', () => {
    const free = { parameters: [idParameter, query('q', false, { type: 'string' })] };
    const bounded = { parameters: [idParameter, query('q', false, { type: 'string', maxLength: 40 })] };
    expect(rules(free, bounded)).toEqual([['max-length-decreased', true]]);
    expect(rules(bounded, free)).toEqual([['max-length-increased', false]]);
    expect(diff(api(free), api(bounded))[0]!.details[0]!.text).toBe('The query parameter `q` must now have at most 40 characters.');
  });

  it('header parameter names are matched without case', () => {
    const headers = (name: string) => ({ parameters: [idParameter, { name, in: 'header', required: false, schema: { type: 'string' } }] });
    expect(rules(headers('X-Trace'), headers('x-trace'))).toEqual([]);
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

  it('media types: a dropped one breaks, an added one does not, in requests and responses', () => {
    const both = { requestBody: { content: { 'application/json': { schema: object({}) }, 'application/xml': { schema: object({}) } } } };
    const one = { requestBody: { content: { 'application/json': { schema: object({}) } } } };
    expect(rules(both, one)).toEqual([['media-type-removed', true]]);
    expect(rules(one, both)).toEqual([['media-type-added', false]]);
    const csv = { responses: { '200': { description: 'OK', content: { 'application/json': { schema: object({}) }, 'text/csv': { schema: { type: 'string' } } } } } };
    expect(rules(csv, ok(object({})))).toEqual([['media-type-removed', true]]);
    expect(rules(ok(object({})), csv)).toEqual([['media-type-added', false]]);
    expect(diff(api(ok(object({}))), api(csv))[0]!.details[0]!.text).toBe('The `200` response may also come as `text/csv`.');
  });

  it('status codes: a removed one breaks, an added one does not', () => {
    const two = { responses: { '200': { description: 'OK' }, '404': { description: 'Not found' } } };
    expect(rules(two, {})).toEqual([['response-status-removed', true]]);
    expect(rules({}, two)).toEqual([['response-status-added', false]]);
  });

  it('fields: readOnly ones are not part of what the reader sends, writeOnly ones not of what it receives; allOf is merged', () => {
    expect(rules(body(object({})), body(object({ id: { type: 'string', readOnly: true } }, ['id'])))).toEqual([]);
    expect(rules(ok(object({})), ok(object({ secret: { type: 'string', writeOnly: true } })))).toEqual([]);
    const merged = (extra: Record<string, unknown>) => ok({ allOf: [object({ id: { type: 'string' } }, ['id']), object(extra)] });
    expect(rules(merged({ name: { type: 'string' } }), merged({}))).toEqual([['field-removed', true]]);
  });

  it('fields: named schemas and arrays are followed, and paths name the field', () => {
    const withStatus = (status: Record<string, unknown>) => body(object({ items: { type: 'array', items: object({ status }) } }));
    expect(rules(withStatus({ $ref: '#/components/schemas/Status' }), withStatus({ type: 'string', enum: ['open'] }))).toEqual([['enum-narrowed', true]]);
    expect(diff(api(withStatus({ type: 'string', enum: ['open'] })), api(withStatus({ type: 'string' })))[0]!.details[0]!.text).toBe('The field `items[].status` of the request body is no longer limited to `open`.');
  });

  it('security: a requirement on an open operation breaks, opening it does not', () => {
    expect(rules({}, { security: [{ key: [] }] })).toEqual([['security-now-required', true]]);
    expect(diff(api({}), api({ security: [{ key: [] }, { oauth: [] }] }))[0]!.details[0]!.text).toBe('Now requires a credential: `key` or `oauth`.');
    expect(rules({ security: [{ key: [] }] }, {})).toEqual([['security-no-longer-required', false]]);
  });

  it('security: an alternative (or a scope) dropped breaks, one added does not', () => {
    const keyOnly = { security: [{ key: [] }] };
    const keyOrOauth = { security: [{ key: [] }, { oauth: ['read'] }] };
    expect(rules(keyOrOauth, keyOnly)).toEqual([['security-alternative-removed', true]]);
    expect(rules(keyOnly, keyOrOauth)).toEqual([['security-alternative-added', false]]);
    const texts = diff(api({ security: [{ oauth: ['read'] }] }), api({ security: [{ oauth: ['read', 'write'] }] }))[0]!.details;
    expect(texts).toEqual([
      { rule: 'security-alternative-removed', breaking: true, text: 'No longer accepts `oauth (read)`.' },
      { rule: 'security-alternative-added', breaking: false, text: 'Now also accepts `oauth (read, write)`.' },
    ]);
  });

  it('a changed operation is breaking when any of its details is, and prose or examples are no change', () => {
    const changes = diff(api({ parameters: [idParameter, query('a', false)] }), api({ summary: 'Make a thing', description: 'New words.', parameters: [idParameter, query('b', false)] }));
    expect(changes).toMatchObject([{ kind: 'changed', breaking: true, previous: { title: 'makeThing' }, current: { slug: 'make-thing', title: 'Make a thing' } }]);
    expect(rules({ responses: { '200': { description: 'OK', content: { 'application/json': { schema: object({}), example: { a: 1 } } } } } }, ok(object({})))).toEqual([]);
  });
});

/**
 * Schema changes, each judged in the four places a schema can be: what the reader sends (a request
 * body; a webhook's response) and what it receives (a response; a webhook's payload).
 */
const SCHEMA_PAIRS: Array<[string, ChangeRule, Record<string, unknown>, Record<string, unknown>]> = [
  ['a field added as required', 'field-added-required', object({}), object({ name: { type: 'string' } }, ['name'])],
  ['a field added as optional', 'field-added-optional', object({}), object({ name: { type: 'string' } })],
  ['a field removed', 'field-removed', object({ name: { type: 'string' } }), object({})],
  ['a field now required', 'field-now-required', object({ name: { type: 'string' } }), object({ name: { type: 'string' } }, ['name'])],
  ['a field now optional', 'field-now-optional', object({ name: { type: 'string' } }, ['name']), object({ name: { type: 'string' } })],
  ['null no longer allowed (3.1)', 'type-narrowed', { type: ['string', 'null'] }, { type: 'string' }],
  ['nullable removed (3.0)', 'type-narrowed', { type: 'string', nullable: true }, { type: 'string' }],
  ['null now allowed', 'type-widened', { type: 'string' }, { type: ['string', 'null'] }],
  ['integer to number', 'type-widened', { type: 'integer' }, { type: 'number' }],
  ['string to integer', 'type-changed', { type: 'string' }, { type: 'integer' }],
  ['an enum losing a value', 'enum-narrowed', { $ref: '#/components/schemas/Status' }, { type: 'string', enum: ['open'] }],
  ['an enum set', 'enum-narrowed', { type: 'string' }, { type: 'string', enum: ['open'] }],
  ['an enum gaining a value', 'enum-widened', { type: 'string', enum: ['open'] }, { $ref: '#/components/schemas/Status' }],
  ['maxLength lowered', 'max-length-decreased', { type: 'string', maxLength: 100 }, { type: 'string', maxLength: 40 }],
  ['maxLength raised', 'max-length-increased', { type: 'string', maxLength: 40 }, { type: 'string', maxLength: 100 }],
  ['minLength set', 'min-length-increased', { type: 'string' }, { type: 'string', minLength: 1 }],
  ['minLength removed', 'min-length-decreased', { type: 'string', minLength: 1 }, { type: 'string' }],
  ['maxItems set', 'max-items-decreased', { type: 'array', items: { type: 'integer' } }, { type: 'array', items: { type: 'integer' }, maxItems: 250 }],
  ['maxItems removed', 'max-items-increased', { type: 'array', maxItems: 250 }, { type: 'array' }],
  ['minItems raised', 'min-items-increased', { type: 'array', minItems: 1 }, { type: 'array', minItems: 2 }],
  ['minItems lowered', 'min-items-decreased', { type: 'array', minItems: 2 }, { type: 'array', minItems: 1 }],
  ['maxProperties set', 'max-properties-decreased', { type: 'object' }, { type: 'object', maxProperties: 10 }],
  ['maxProperties raised', 'max-properties-increased', { type: 'object', maxProperties: 10 }, { type: 'object', maxProperties: 20 }],
  ['minProperties set', 'min-properties-increased', { type: 'object' }, { type: 'object', minProperties: 1 }],
  ['minProperties removed', 'min-properties-decreased', { type: 'object', minProperties: 1 }, { type: 'object' }],
  ['maximum made exclusive (3.0)', 'maximum-decreased', { type: 'integer', maximum: 10 }, { type: 'integer', maximum: 10, exclusiveMaximum: true }],
  ['maximum lowered (3.1 exclusiveMaximum)', 'maximum-decreased', { type: 'integer', maximum: 10 }, { type: 'integer', exclusiveMaximum: 5 }],
  ['maximum removed', 'maximum-increased', { type: 'integer', maximum: 10 }, { type: 'integer' }],
  ['minimum made exclusive', 'minimum-increased', { type: 'integer', minimum: 0 }, { type: 'integer', exclusiveMinimum: 0 }],
  ['minimum lowered', 'minimum-decreased', { type: 'integer', minimum: 1 }, { type: 'integer', minimum: 0 }],
  ['multipleOf set', 'multiple-of-narrowed', { type: 'number' }, { type: 'number', multipleOf: 5 }],
  ['multipleOf to a divisor', 'multiple-of-widened', { type: 'number', multipleOf: 10 }, { type: 'number', multipleOf: 5 }],
  ['multipleOf to an unrelated number', 'multiple-of-changed', { type: 'number', multipleOf: 4 }, { type: 'number', multipleOf: 6 }],
  ['a pattern set', 'pattern-added', { type: 'string' }, { type: 'string', pattern: '^[a-z]+$' }],
  ['a pattern removed', 'pattern-removed', { type: 'string', pattern: '^[a-z]+$' }, { type: 'string' }],
  ['a pattern changed', 'pattern-changed', { type: 'string', pattern: '^[a-z]+$' }, { type: 'string', pattern: '^[a-z0-9]+$' }],
  ['a format set', 'format-narrowed', { type: 'string' }, { type: 'string', format: 'date-time' }],
  ['int64 to int32', 'format-narrowed', { type: 'integer', format: 'int64' }, { type: 'integer', format: 'int32' }],
  ['int32 to int64', 'format-widened', { type: 'integer', format: 'int32' }, { type: 'integer', format: 'int64' }],
  ['a format changed', 'format-changed', { type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }],
  ['uniqueItems set', 'unique-items-set', { type: 'array' }, { type: 'array', uniqueItems: true }],
  ['uniqueItems unset', 'unique-items-unset', { type: 'array', uniqueItems: true }, { type: 'array' }],
  ['additionalProperties: false set', 'additional-properties-closed', object({}), { ...object({}), additionalProperties: false }],
  ['additionalProperties: false removed', 'additional-properties-opened', { ...object({}), additionalProperties: false }, object({})],
];

describe('schema changes: tightening breaks senders, loosening breaks receivers', () => {
  /** The schema as the field `value` of an object, the way descriptions mostly change. */
  const at = (schema: Record<string, unknown>) => object({ value: schema });
  const sendReceive = (before: Record<string, unknown>, after: Record<string, unknown>) => ({
    'request body': rules(body(before), body(after)),
    response: rules(ok(before), ok(after)),
    'webhook payload': webhookRules(body(before), body(after)),
    "webhook's response": webhookRules(ok(before), ok(after)),
  });

  it.each(SCHEMA_PAIRS)('%s: %s', (_name, rule, before, after) => {
    const { sent, received } = CHANGE_RULES[rule];
    const isField = rule.startsWith('field-') || rule.startsWith('additional-properties-');
    expect(sendReceive(isField ? before : at(before), isField ? after : at(after))).toEqual({
      'request body': [[rule, sent]],
      response: [[rule, received]],
      'webhook payload': [[rule, received]],
      "webhook's response": [[rule, sent]],
    });
  });

  it('the GHES 3.19 detach change: an array of ids given minItems and maxItems', () => {
    const ids = (bounds: Record<string, unknown>) => body(object({ selected_repository_ids: { type: 'array', items: { type: 'integer' }, ...bounds } }));
    const [change] = diff(api(ids({})), api(ids({ minItems: 1, maxItems: 250 })));
    expect(change).toMatchObject({ kind: 'changed', breaking: true });
    expect(change!.details).toEqual([
      { rule: 'max-items-decreased', breaking: true, text: 'The field `selected_repository_ids` of the request body must now have at most 250 items.' },
      { rule: 'min-items-increased', breaking: true, text: 'The field `selected_repository_ids` of the request body must now have at least 1 item.' },
    ]);
  });

  it('constraint texts say what changed, before and after', () => {
    const text = (before: Record<string, unknown>, after: Record<string, unknown>) => diff(api(body(object({ v: before }))), api(body(object({ v: after }))))[0]!.details.map((item) => item.text);
    expect(text({ type: 'string', maxLength: 100 }, { type: 'string', maxLength: 40 })).toEqual(['The field `v` of the request body must now have at most 40 characters (before: at most 100 characters).']);
    expect(text({ type: 'integer', minimum: 0 }, { type: 'integer' })).toEqual(['The field `v` of the request body need no longer be at least 0.']);
    expect(text({ type: 'integer', maximum: 10 }, { type: 'integer', exclusiveMaximum: 10 })).toEqual(['The field `v` of the request body must now be less than 10 (before: at most 10).']);
    expect(text({ type: 'string' }, { type: 'string', pattern: '^`[a-z]+`$' })).toEqual(['The field `v` of the request body must now match ``^`[a-z]+`$``.']);
    expect(text({ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' })).toEqual(['The field `v` of the request body now has the format `date-time` (before: `date`).']);
  });

  it('bounds through allOf add up; through oneOf only what every variant bounds stays bounded', () => {
    const allOf = (max: number) => body(object({ v: { allOf: [{ type: 'string', maxLength: 100 }, { maxLength: max }] } }));
    expect(rules(allOf(100), allOf(40))).toEqual([['max-length-decreased', true]]);
    expect(rules(allOf(40), allOf(200))).toEqual([['max-length-increased', false]]);
    const oneOf = (max: number | undefined) => body(object({ v: { oneOf: [{ type: 'string', maxLength: 10 }, { type: 'string', ...(max === undefined ? {} : { maxLength: max }) }] } }));
    expect(rules(oneOf(undefined), oneOf(20))).toEqual([['max-length-decreased', true]]);
    expect(diff(api(oneOf(undefined)), api(oneOf(20)))[0]!.details[0]!.text).toBe('The field `v` of the request body must now have at most 20 characters.');
  });
});

describe('webhooks and callbacks are judged from the receiver\'s side', () => {
  const payload = (properties: Record<string, unknown>, required: string[] = []) => body(object(properties, required));

  it('a new required payload field is new data (not breaking); a removed one breaks', () => {
    const before = payload({ action: { type: 'string' } }, ['action']);
    const after = payload({ action: { type: 'string' }, sender: { type: 'string' } }, ['action', 'sender']);
    expect(webhookRules(before, after)).toEqual([['field-added-required', false]]);
    expect(diff(webhook(before), webhook(after))[0]!.details[0]!.text).toBe('New field `sender` of the payload.');
    expect(webhookRules(after, before)).toEqual([['field-removed', true]]);
  });

  it('a payload enum gaining a value breaks; losing one does not', () => {
    const action = (values: string[]) => payload({ action: { type: 'string', enum: values } });
    expect(webhookRules(action(['created']), action(['created', 'deleted']))).toEqual([['enum-widened', true]]);
    expect(webhookRules(action(['created', 'deleted']), action(['created']))).toEqual([['enum-narrowed', false]]);
  });

  it('a payload field no longer always sent breaks; one now always sent does not', () => {
    expect(webhookRules(payload({ a: { type: 'string' } }, ['a']), payload({ a: { type: 'string' } }))).toEqual([['field-now-optional', true]]);
    expect(webhookRules(payload({ a: { type: 'string' } }), payload({ a: { type: 'string' } }, ['a']))).toEqual([['field-now-required', false]]);
  });

  it('headers the API sends: a new one is new data, a removed one or one no longer always sent breaks', () => {
    expect(webhookRules({}, { parameters: [header('X-Event', true)] })).toEqual([['parameter-added-required', false]]);
    expect(webhookRules({ parameters: [header('X-Event', true)] }, {})).toEqual([['parameter-removed', true]]);
    expect(webhookRules({ parameters: [header('X-Event', true)] }, { parameters: [header('X-Event', false)] })).toEqual([['parameter-now-optional', true]]);
    expect(webhookRules({ parameters: [header('X-Event', false)] }, { parameters: [header('X-Event', true)] })).toEqual([['parameter-now-required', false]]);
  });

  it('the payload itself: a new one is new data, one removed or no longer always sent breaks', () => {
    expect(webhookRules({}, payload({}))).toEqual([['request-body-added-required', false]]);
    expect(webhookRules(payload({}), {})).toEqual([['request-body-removed', true]]);
    expect(webhookRules({ requestBody: { required: true, ...json(object({})) } }, { requestBody: { required: false, ...json(object({})) } })).toEqual([['request-body-now-optional', true]]);
    expect(webhookRules({ requestBody: { required: false, ...json(object({})) } }, { requestBody: { required: true, ...json(object({})) } })).toEqual([['request-body-now-required', false]]);
  });

  it("security: the API presenting a credential is the receiver's concern the other way round", () => {
    expect(webhookRules({}, { security: [{ key: [] }] })).toEqual([['security-now-required', false]]);
    expect(webhookRules({ security: [{ key: [] }] }, {})).toEqual([['security-no-longer-required', true]]);
    expect(webhookRules({ security: [{ key: [] }] }, { security: [{ key: [] }, { oauth: [] }] })).toEqual([['security-alternative-added', true]]);
    expect(webhookRules({ security: [{ key: [] }, { oauth: [] }] }, { security: [{ key: [] }] })).toEqual([['security-alternative-removed', false]]);
  });

  it("callbacks: compared by name, their payloads from the receiver's side, a removed one breaks", () => {
    const withCallback = (schema: Record<string, unknown> | undefined) =>
      schema === undefined ? {} : { callbacks: { onDone: { '{$request.body#/callbackUrl}': { post: { ...body(schema), responses: { '204': { description: 'Received' } } } } } } };
    const small = object({ id: { type: 'string' } }, ['id']);
    const large = object({ id: { type: 'string' }, at: { type: 'string' } }, ['id', 'at']);
    expect(rules(withCallback(small), withCallback(large))).toEqual([['field-added-required', false]]);
    expect(diff(api(withCallback(small)), api(withCallback(large)))[0]!.details[0]!.text).toBe('New field `at` of the payload of callback `onDone` (POST `{$request.body#/callbackUrl}`).');
    expect(rules(withCallback(large), withCallback(small))).toEqual([['field-removed', true]]);
    expect(rules({}, withCallback(small))).toEqual([['callback-added', false]]);
    expect(rules(withCallback(small), {})).toEqual([['callback-removed', true]]);
  });
});

describe('bounded work on hostile descriptions', () => {
  /** A schema whose 26 fields each hold the schema itself: 26^8 paths eight levels down. */
  const wide = (extra: Record<string, unknown>) => {
    const properties = Object.fromEntries([...'abcdefghijklmnopqrstuvwxyz'].map((letter) => [letter, { $ref: '#/components/schemas/Node' }]));
    return api(ok({ $ref: '#/components/schemas/Node' }), { components: { schemas: { Node: { type: 'object', properties: { ...properties, ...extra } } } } });
  };

  it('a cyclic schema is compared once per pair of schemas, and its change listed once, at the shallowest place', () => {
    const started = performance.now();
    const changes = diff(wide({}), wide({ name: { type: 'string' } }));
    expect(changes[0]!.details.map((item) => item.text)).toEqual(['New field `name` of the `200` response.']);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('a diamond of allOf references is flattened once per schema', () => {
    // Level n is the allOf of ten references to level n + 1: 10^30 expansions if not memoized.
    const schemas: Record<string, unknown> = { L30: { type: 'object', properties: { leaf: { type: 'string' } } } };
    for (let level = 29; level >= 0; level--) schemas[`L${level}`] = { allOf: Array.from({ length: 10 }, () => ({ $ref: `#/components/schemas/L${level + 1}` })) };
    const deep = (leaf: Record<string, unknown>) => api(body({ $ref: '#/components/schemas/L0' }), { components: { schemas: { ...schemas, L30: { type: 'object', properties: { leaf } } } } });
    expect(judged(diff(deep({ type: 'string' }), deep({ type: 'string', maxLength: 5 })))).toEqual([['max-length-decreased', true]]);
  });

  it('a message stops being compared after 5,000 pairs of schemas', () => {
    const fields = (type: string) => object(Object.fromEntries(Array.from({ length: 6_000 }, (_, index) => [`f${index}`, { type }])));
    const [change] = diff(api(ok(fields('string'))), api(ok(fields('integer'))));
    expect(change!.details).toHaveLength(4_999);
  });
});

describe('every rule', () => {
  it('was applied by a pair above, with each of its verdicts', () => {
    const expected = Object.entries(CHANGE_RULES).map(([rule, verdict]) => [rule, [...new Set([verdict.sent, verdict.received])].sort()]);
    expect(Object.keys(CHANGE_RULES).map((rule) => [rule, [...(applied.get(rule as ChangeRule) ?? [])].sort()])).toEqual(expected);
  });

  it('is documented in the manual, with its id', async () => {
    const { readFile } = await import('node:fs/promises');
    const manual = await readFile(join(import.meta.dirname, '../../../docs/content/latest/api/changelog.md'), 'utf8');
    expect(Object.keys(CHANGE_RULES).filter((rule) => !manual.includes(code(rule)))).toEqual([]);
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
