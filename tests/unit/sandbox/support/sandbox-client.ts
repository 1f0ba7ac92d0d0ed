/**
 * A test client: real `fetch` to the sandbox base URLs (answered by MSW's setupServer), every
 * response checked against the OpenAPI contract before the test sees it.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { steppingClock } from '../../../../content/_sandbox/caravan/domain/clock.ts';
import type { SandboxState } from '../../../../content/_sandbox/caravan/domain/state.ts';
import { sandbox as caravanExtension } from '../../../../content/_sandbox/caravan/extension.ts';
import type { SandboxStore } from '../../../../src/sandbox/core/types.ts';
import { createNodeSandbox, createSandboxServer } from '../../../../src/sandbox/node/server.ts';
import { expectMatchesOpenApi, openapi, problemViolation } from './openapi-contract.ts';
import { expect } from 'vitest';

export const MAIN = 'https://api.caravan.example/v1';
export const PARTNERS = 'https://partners.caravan.example/v2';
export const TRADER = 'sandbox-trader';
export const VIEWER = 'sandbox-viewer';
export const PARTNER = 'sandbox-partner';

export interface CallOptions {
  token?: string | null;
  /** A value to send as JSON, or a string sent as is. */
  body?: unknown;
  contentType?: string | null;
  headers?: Record<string, string>;
}

export interface Reply<T = any> {
  response: Response;
  status: number;
  body: T;
}

/** Starts an MSW server with a fresh store (on a fixed clock) for the test file. */
export function useSandbox(): { store: SandboxStore<SandboxState> } {
  const clock = steppingClock('2025-03-20T10:00:00Z');
  const sandbox = createNodeSandbox({ document: openapi, extension: caravanExtension, clock: () => clock.now() });
  const store = sandbox.store as SandboxStore<SandboxState>;
  const server = createSandboxServer(sandbox);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => store.reset());
  afterAll(() => server.close());
  return { store };
}

async function send(method: string, url: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  const token = options.token === undefined ? TRADER : options.token;
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
    if (contentType !== null) headers.set('Content-Type', contentType);
  }
  return fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
}

/** Calls an operation and checks the response against its contract. */
async function call<T = any>(operationId: string, method: string, url: string, options: CallOptions = {}): Promise<Reply<T>> {
  const response = await send(method, url, options);
  const body = (await expectMatchesOpenApi(response, operationId)) as T;
  return { response, status: response.status, body };
}

/** For responses outside any operation (unknown paths, wrong methods): a well-formed problem. */
export async function callOutsideOperations(method: string, url: string, options: CallOptions = {}): Promise<Reply> {
  const response = await send(method, url, options);
  const text = await response.text();
  const body = text === '' ? undefined : (JSON.parse(text) as unknown);
  if (body !== undefined) expect(problemViolation(response.headers.get('content-type'), body)).toBeNull();
  expect(response.headers.get('x-request-id')).toMatch(/^req_/);
  return { response, status: response.status, body };
}

export const api = {
  listCaravans: (query = '', options?: CallOptions) => call('listCaravans', 'GET', `${MAIN}/caravans${query}`, options),
  updateCaravan: (id: string, body: unknown, options?: CallOptions) =>
    call('updateCaravan', 'PATCH', `${MAIN}/caravans/${id}`, { body, ...options }),
  addCargoLot: (id: string, body: unknown, options?: CallOptions) =>
    call('addCargoLot', 'POST', `${MAIN}/caravans/${id}/manifest/lots`, { body, ...options }),
  updateCargoLot: (id: string, lotId: string, body: unknown, options?: CallOptions) =>
    call('updateCargoLot', 'PUT', `${MAIN}/caravans/${id}/manifest/lots/${lotId}`, { body, ...options }),
  dispatchCaravan: (id: string, options?: CallOptions) => call('dispatchCaravan', 'POST', `${MAIN}/caravans/${id}/dispatch`, options),
  listMarketOrders: (marketId: string, query = '', options?: CallOptions) =>
    call('listMarketOrders', 'GET', `${MAIN}/markets/${marketId}/orders${query}`, options),
  publishRoute: (body: unknown, options?: CallOptions) =>
    call('publishRoute', 'POST', `${PARTNERS}/routes`, { token: PARTNER, body, ...options }),
};
