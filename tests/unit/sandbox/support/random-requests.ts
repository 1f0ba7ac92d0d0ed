/**
 * Property-based checks shared by the properties-*.test.ts files: random request sequences (random operations and ids, bodies of wrong
 * types, huge and unicode strings, missing and extra fields, broken JSON, bad tokens) never
 * produce a 5xx or a response outside the OpenAPI contract, never change state when refused,
 * and keep the state machines and manifest totals intact. Requests go through the MSW
 * handlers with `getResponse`, without a network.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { steppingClock } from '../../../../content/_sandbox/caravan/domain/clock.ts';
import { CARAVAN_STATUSES, LOT_CATEGORIES, LOT_STATUSES, ORDER_PRIORITIES, ORDER_STATUSES, TRADE_ROUTES } from '../../../../content/_sandbox/caravan/domain/enums.ts';
import { WAYPOINTS } from '../../../../content/_sandbox/caravan/domain/gazetteer.ts';
import { createSeedState } from '../../../../content/_sandbox/caravan/domain/seed.ts';
import type { SandboxState } from '../../../../content/_sandbox/caravan/domain/state.ts';
import { sandbox as caravanExtension } from '../../../../content/_sandbox/caravan/extension.ts';
import { sequentialRequestIds } from '../../../../src/sandbox/core/request-ids.ts';
import type { SandboxStore } from '../../../../src/sandbox/core/types.ts';
import { createNodeSandbox } from '../../../../src/sandbox/node/server.ts';
import { illegalMoves, stateViolations } from './invariants.ts';
import { contractViolation, openapi, problemViolation } from './openapi-contract.ts';

const MAIN = 'https://api.caravan.example/v1';
const PARTNERS = 'https://partners.caravan.example/v2';

const clock = steppingClock('2025-03-20T10:00:00Z');
const sandbox = createNodeSandbox({ document: openapi, extension: caravanExtension, clock: () => clock.now(), requestIds: sequentialRequestIds() });
const store = sandbox.store as SandboxStore<SandboxState>;

interface GeneratedRequest {
  operationId?: string;
  method: string;
  url: string;
  token: string | null;
  contentType: string | null;
  body?: string;
}

const seed = createSeedState();
const caravanIds = seed.caravans.map((caravan) => caravan.id);
const lotIds = [...Object.keys(seed.lots), 'lot_0018', 'lot_0019', 'lot_0020', 'lot_0021'];

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  // Longer than every maxLength; now and then long enough to pass 1 MiB (413).
  { weight: 1, arbitrary: fc.oneof({ weight: 30, arbitrary: fc.integer({ min: 121, max: 5_000 }) }, { weight: 1, arbitrary: fc.integer({ min: 300_000, max: 600_000 }) }).map((length) => 'ǅ'.repeat(length)) },
);
const wrongValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(null), text);
const maybeWrong = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: wrongValue });
const positive = fc.oneof(fc.double({ min: 0.1, max: 5000, noNaN: true }), fc.integer({ min: 1, max: 900 }));
const money = fc.oneof(fc.integer({ min: 0, max: 80_000 }), fc.double({ min: 0, max: 1e6, noNaN: true }));
const id = (known: readonly string[]) => fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: text.filter((value) => value.length > 0 && value.length < 300) });

/** A body: a record of (mostly valid) fields, sometimes with extra fields, sometimes not an object or not JSON. */
function body(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<{ text: string; contentType: string | null }> {
  const record = fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.option(fc.dictionary(fc.string({ maxLength: 8 }), wrongValue, { maxKeys: 2 }), { freq: 8 }))
    .map(([known, extra]) => ({ ...(extra ?? {}), ...known }));
  const json = fc.oneof({ weight: 12, arbitrary: record }, { weight: 1, arbitrary: wrongValue }).map((value) => JSON.stringify(value) ?? 'null');
  const textBody = fc.oneof({ weight: 14, arbitrary: json }, { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":1,}', 'null', '[]') }, { weight: 1, arbitrary: text });
  const contentType = fc.oneof(
    { weight: 14, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'application/merge-patch+json', 'text/plain', 'application/x-www-form-urlencoded') },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  return fc.record({ text: textBody, contentType });
}

const token = (usual: string) =>
  fc.oneof(
    { weight: 14, arbitrary: fc.constant<string | null>(usual) },
    { weight: 1, arbitrary: fc.constantFrom<string | null>('sandbox-viewer', 'sandbox-partner', 'sandbox-trader', null, 'nope', 'two words', '') },
  );

function queryValue(valid: fc.Arbitrary<string>): fc.Arbitrary<string | undefined> {
  return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: valid }, { weight: 1, arbitrary: text });
}

function query(parameters: Record<string, fc.Arbitrary<string | undefined>>): fc.Arbitrary<string> {
  return fc.record(parameters).map((values) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(values)) if (value !== undefined) search.append(name, value);
    const encoded = search.toString();
    return encoded === '' ? '' : `?${encoded}`;
  });
}

function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return 'x';
  }
}

const pageQuery = {
  page: queryValue(fc.integer({ min: -1, max: 5 }).map(String)),
  per_page: queryValue(fc.integer({ min: 0, max: 102 }).map(String)),
};

/** Stray requests avoid these, which are operations. */
const REAL_OPERATIONS = new Set([`GET ${MAIN}/caravans`, `PATCH ${MAIN}/caravans/car_001`, `POST ${PARTNERS}/routes`]);

const requestArbitrary: fc.Arbitrary<GeneratedRequest> = fc.oneof(
  fc.record({ q: query({ ...pageQuery, status: queryValue(fc.constantFrom(...CARAVAN_STATUSES)) }), token: token('sandbox-trader') }).map(({ q, token }) => ({
    operationId: 'listCaravans', method: 'GET', url: `${MAIN}/caravans${q}`, token, contentType: null,
  })),
  fc
    .record({
      caravan: id(caravanIds),
      token: token('sandbox-trader'),
      body: body({ name: maybeWrong(text), description: maybeWrong(fc.option(text)), route: maybeWrong(fc.constantFrom(...TRADE_ROUTES)), camel_count: maybeWrong(fc.integer({ min: 0, max: 50 })) }),
    })
    .map(({ caravan, token, body }) => ({ operationId: 'updateCaravan', method: 'PATCH', url: `${MAIN}/caravans/${segment(caravan)}`, token, body: body.text, contentType: body.contentType })),
  fc
    .record({
      caravan: id(caravanIds),
      token: token('sandbox-trader'),
      body: body({ commodity: maybeWrong(text), category: maybeWrong(fc.constantFrom(...LOT_CATEGORIES)), description: maybeWrong(text), weight_kg: maybeWrong(positive), declared_value: maybeWrong(money) }),
    })
    .map(({ caravan, token, body }) => ({ operationId: 'addCargoLot', method: 'POST', url: `${MAIN}/caravans/${segment(caravan)}/manifest/lots`, token, body: body.text, contentType: body.contentType })),
  fc
    .record({
      caravan: id(caravanIds),
      lot: id(lotIds),
      token: token('sandbox-trader'),
      body: body({ commodity: maybeWrong(text), description: maybeWrong(fc.option(text)), status: maybeWrong(fc.constantFrom(...LOT_STATUSES)), weight_kg: maybeWrong(fc.option(positive)), declared_value: maybeWrong(fc.option(money)) }),
    })
    .map(({ caravan, lot, token, body }) => ({
      operationId: 'updateCargoLot', method: 'PUT', url: `${MAIN}/caravans/${segment(caravan)}/manifest/lots/${segment(lot)}`, token, body: body.text, contentType: body.contentType,
    })),
  fc.record({ caravan: id(caravanIds), token: token('sandbox-trader') }).map(({ caravan, token }) => ({
    operationId: 'dispatchCaravan', method: 'POST', url: `${MAIN}/caravans/${segment(caravan)}/dispatch`, token, contentType: null,
  })),
  fc
    .record({
      market: id(seed.markets.map((market) => market.id)),
      q: query({ ...pageQuery, priority: queryValue(fc.constantFrom(...ORDER_PRIORITIES)), status: queryValue(fc.constantFrom(...ORDER_STATUSES)) }),
      token: token('sandbox-viewer'),
    })
    .map(({ market, q, token }) => ({ operationId: 'listMarketOrders', method: 'GET', url: `${MAIN}/markets/${segment(market)}/orders${q}`, token, contentType: null })),
  fc
    .record({
      token: token('sandbox-partner'),
      body: body({
        name: maybeWrong(fc.oneof(fc.constantFrom('Salt Road', 'Spice Way', 'Nile Run'), text)),
        region: maybeWrong(text),
        waypoints: maybeWrong(fc.array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...WAYPOINTS.map((waypoint) => waypoint.name)) }, { weight: 1, arbitrary: text }), { maxLength: 6 })),
      }),
    })
    .map(({ token, body }) => ({ operationId: 'publishRoute', method: 'POST', url: `${PARTNERS}/routes`, token, body: body.text, contentType: body.contentType })),
  fc
    .record({
      base: fc.constantFrom(MAIN, PARTNERS),
      path: fc.constantFrom('', '/', '/caravans', '/caravans/car_001', '/caravans/car_001/manifest', '/markets/cairo', '/routes', '/anything/else'),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
      token: token('sandbox-trader'),
    })
    .filter(({ base, path, method }) => !REAL_OPERATIONS.has(`${method} ${base}${path}`))
    .map(({ base, path, method, token }) => ({ method, url: `${base}${path}`, token, contentType: null })),
);

function toRequest(generated: GeneratedRequest): Request {
  const headers = new Headers();
  if (generated.token !== null) headers.set('Authorization', `Bearer ${generated.token}`);
  if (generated.contentType !== null) headers.set('Content-Type', generated.contentType);
  return new Request(generated.url, { method: generated.method, headers, ...(generated.body === undefined ? {} : { body: generated.body }) });
}

const OUTSIDE_OPERATIONS = new Set(['endpoint_not_found', 'method_not_allowed']);

async function perform(generated: GeneratedRequest): Promise<number> {
  const before = JSON.stringify(store.state);
  const response = await sandbox.answer(toRequest(generated));
  if (response === undefined) expect.fail(`${generated.method} ${generated.url} got no answer`);
  const { status, headers } = response;
  if (status >= 500) expect.fail(`${generated.method} ${generated.url} answered ${status}: ${await response.text()}`);
  if (!headers.get('x-request-id')?.startsWith('req_')) expect.fail('X-Request-Id is missing');
  const raw = await response.text();
  const parsed: unknown = raw === '' ? undefined : JSON.parse(raw);
  const code = (parsed as { code?: string } | undefined)?.code;

  if (generated.operationId !== undefined && !(code !== undefined && OUTSIDE_OPERATIONS.has(code))) {
    const violation = contractViolation(generated.operationId, status, headers.get('content-type'), parsed);
    if (violation !== null) expect.fail(`${generated.method} ${generated.url}: ${violation}`);
  } else if (parsed !== undefined) {
    const violation = problemViolation(headers.get('content-type'), parsed);
    if (violation !== null) expect.fail(`${generated.method} ${generated.url}: ${violation}`);
  }

  if (status >= 400) {
    if (JSON.stringify(store.state) !== before) expect.fail(`a refused ${generated.method} ${generated.url} (${status}) changed the state`);
  } else {
    const previous = JSON.parse(before) as SandboxState;
    const violations = [...illegalMoves(previous, store.state), ...stateViolations(store.state)];
    if (violations.length > 0) expect(violations, `${generated.method} ${generated.url}`).toEqual([]);
  }
  return status;
}

export interface SequenceRun {
  requests: number;
  byStatus: Map<number, number>;
}

/** Runs `sequences` random request sequences from the seed state; fails on the first violation. */
export async function checkRandomSequences(sequences: number, seed: number): Promise<SequenceRun> {
  const run: SequenceRun = { requests: 0, byStatus: new Map() };
  await fc.assert(
    fc.asyncProperty(fc.array(requestArbitrary, { minLength: 1, maxLength: 8 }), async (sequence) => {
      store.reset();
      for (const generated of sequence) {
        const status = await perform(generated);
        run.requests += 1;
        run.byStatus.set(status, (run.byStatus.get(status) ?? 0) + 1);
      }
    }),
    { numRuns: sequences, seed, endOnFailure: true },
  );
  return run;
}
