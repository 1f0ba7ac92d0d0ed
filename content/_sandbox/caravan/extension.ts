/**
 * The Caravan Trading Service's sandbox rules, as an extension of the generic sandbox engine:
 * each version's `content/<version>/sandbox.ts` re-exports `sandbox`. The engine routes,
 * authenticates (bearer tokens), validates every request against the version's description and
 * calls these handlers with valid input; the domain rules (`domain/`) decide the rest. Problems
 * are written in Caravan's error format: RFC 9457 plus `code`, `request_id` and `errors`.
 *
 * Only types are imported from the engine (erased when Node or Vite strips the types), so this
 * folder works wherever the docs root lives.
 */
import type { HandlerResult, OperationCall, SandboxExtensionApi, SandboxProblem, SandboxStore as EngineStore } from '../../../src/sandbox/core/types.ts';
import { listCaravans, updateCaravan, type CaravanChanges } from './domain/caravans.ts';
import { addCargoLot, updateCargoLot, type CargoLotChanges, type NewCargoLot } from './domain/cargo-lots.ts';
import { sandboxIds, type IdFormatter } from './domain/clock.ts';
import { dispatchCaravan } from './domain/dispatch.ts';
import type { CaravanStatus, OrderPriority, OrderStatus } from './domain/enums.ts';
import { listMarketOrders } from './domain/market-orders.ts';
import type { Outcome, RefusalKind } from './domain/outcome.ts';
import { publishRoute, type RouteToPublish } from './domain/route-publishing.ts';
import { createSeedState } from './domain/seed.ts';
import type { SandboxState } from './domain/state.ts';
import { isSnapshot, type SandboxStore } from './domain/store.ts';
import { isAllowed, principalForToken, type Permission, type Principal } from './domain/tokens.ts';

/** Problem `type` URIs are this prefix plus the problem `code`. */
const PROBLEM_TYPE_BASE = 'https://api.caravan.example/problems/';

/** The engine's reasons, in Caravan's words. */
const CODES: Readonly<Record<string, string>> = {
  missing_credential: 'missing_token',
  malformed_credential: 'malformed_authorization',
  invalid_credential: 'invalid_token',
  malformed_body: 'malformed_json',
  invalid_parameter: 'invalid_query_parameter',
};

const STATUS_BY_REFUSAL: Readonly<Record<RefusalKind, number>> = { not_found: 404, conflict: 409, invalid: 422 };

/** The domain rules' view of the engine's store: the state, the clock and Caravan's identifiers. */
function domainStore(store: EngineStore<SandboxState>, ids: IdFormatter = sandboxIds): SandboxStore {
  return {
    get state() {
      return store.state;
    },
    now: () => store.now(),
    nextId(kind) {
      store.state.sequences[kind] += 1;
      return ids(kind, store.state.sequences[kind]);
    },
    snapshot: () => store.snapshot(),
    restore: (value) => store.restore(value),
    reset: () => store.reset(),
  };
}

type Call = OperationCall<SandboxState, Principal>;

function reply<T>(status: number, outcome: Outcome<T>, requestId?: string): HandlerResult {
  if (!outcome.ok) {
    const { kind, code, detail, errors } = outcome.refusal;
    return { problem: { status: STATUS_BY_REFUSAL[kind], reason: code, detail, errors } };
  }
  // List bodies carry the request id too.
  return { status, body: requestId === undefined ? outcome.value : { ...(outcome.value as object), request_id: requestId } };
}

const paging = (query: Call['query']) => ({ page: query['page'] as number, per_page: query['per_page'] as number });

export function sandbox(api: SandboxExtensionApi<SandboxState, Principal>): void {
  api.seed(createSeedState, isSnapshot);
  api.authenticate((credential) => principalForToken(credential.value));
  api.authorize((principal, permission): SandboxProblem | undefined =>
    isAllowed(principal, permission as Permission)
      ? undefined
      : {
          status: 403,
          reason: 'insufficient_scope',
          detail: `The token \`${principal.token}\` (${principal.role}) lacks the \`${permission}\` permission.`,
          headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${permission}"` },
        },
  );
  api.problem((problem, { requestId, title }) => {
    const code = CODES[problem.reason] ?? problem.reason;
    const body: Record<string, unknown> = {
      type: `${PROBLEM_TYPE_BASE}${code}`,
      title,
      status: problem.status,
      detail: problem.detail,
      code,
      request_id: requestId,
    };
    if (problem.errors !== undefined && problem.errors.length > 0) body['errors'] = problem.errors;
    return { body, contentType: 'application/problem+json' };
  });

  api.operation('listCaravans', {
    permission: 'v1:read',
    handle: ({ store, query, requestId }: Call) => reply(200, { ok: true, value: listCaravans(store.state, { ...paging(query), status: query['status'] as CaravanStatus | undefined }) }, requestId),
  });
  api.operation('updateCaravan', {
    permission: 'v1:write',
    handle: ({ store, params, body }: Call) => reply(200, updateCaravan(domainStore(store), params['caravanId']!, body as CaravanChanges)),
  });
  api.operation('addCargoLot', {
    permission: 'v1:write',
    handle: ({ store, params, body }: Call) => reply(201, addCargoLot(domainStore(store), params['caravanId']!, body as NewCargoLot)),
  });
  api.operation('updateCargoLot', {
    permission: 'v1:write',
    handle: ({ store, params, body }: Call) => reply(200, updateCargoLot(domainStore(store), params['caravanId']!, params['lotId']!, body as CargoLotChanges)),
  });
  api.operation('dispatchCaravan', {
    permission: 'v1:write',
    handle: ({ store, params, principal }: Call) => reply(200, dispatchCaravan(domainStore(store), params['caravanId']!, principal)),
  });
  api.operation('listMarketOrders', {
    permission: 'v1:read',
    handle: ({ store, params, query, requestId }: Call) => {
      const filter = { priority: query['priority'] as OrderPriority | undefined, status: query['status'] as OrderStatus | undefined };
      // Versions without paging parameters (1.1) list every order.
      const paged = 'page' in query;
      const outcome = listMarketOrders(store.state, params['marketId']!, paged ? { ...paging(query), ...filter } : { page: 1, per_page: Number.MAX_SAFE_INTEGER, ...filter });
      if (!outcome.ok || paged) return reply(200, outcome, requestId);
      const { market_id, items, total } = outcome.value;
      return reply(200, { ok: true, value: { market_id, items, total } }, requestId);
    },
  });
  api.operation('publishRoute', {
    permission: 'v2:publish',
    handle: ({ store, body, principal }: Call) => reply(201, publishRoute(domainStore(store), body as RouteToPublish, principal)),
  });
}
