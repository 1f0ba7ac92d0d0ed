/**
 * The seven operations: for each, the permission it needs, whether it changes state, and how
 * a validated request becomes a call to the domain rules. Bodies reaching `run` have passed
 * the OpenAPI schema, which is what makes the casts to the domain input types safe.
 */
import { listCaravans, updateCaravan, type CaravanChanges } from '../domain/caravans.ts';
import { addCargoLot, updateCargoLot, type CargoLotChanges, type NewCargoLot } from '../domain/cargo-lots.ts';
import { dispatchCaravan } from '../domain/dispatch.ts';
import type { CaravanStatus, OrderPriority, OrderStatus } from '../domain/enums.ts';
import { listMarketOrders } from '../domain/market-orders.ts';
import { succeed, type Outcome } from '../domain/outcome.ts';
import { publishRoute, type RouteToPublish } from '../domain/route-publishing.ts';
import type { SandboxStore } from '../domain/store.ts';
import type { Permission, Principal } from '../domain/tokens.ts';
import type { QueryValues } from '../openapi/request-validation.ts';

export interface OperationCall {
  store: SandboxStore;
  principal: Principal;
  pathParams: Readonly<Record<string, string>>;
  query: QueryValues;
  body: unknown;
}

export interface Reply {
  status: number;
  body: unknown;
  /** List bodies carry the request id too. */
  withRequestId?: boolean;
}

export interface OperationImplementation {
  permission: Permission;
  mutates: boolean;
  run(call: OperationCall): Outcome<Reply>;
}

function paging(query: QueryValues): { page: number; per_page: number } {
  return { page: query['page'] as number, per_page: query['per_page'] as number };
}

function reply<T>(status: number, outcome: Outcome<T>, withRequestId = false): Outcome<Reply> {
  return outcome.ok ? succeed({ status, body: outcome.value, withRequestId }) : outcome;
}

export const OPERATION_IMPLEMENTATIONS = {
  listCaravans: {
    permission: 'v1:read',
    mutates: false,
    run: ({ store, query }) =>
      reply(200, succeed(listCaravans(store.state, { ...paging(query), status: query['status'] as CaravanStatus | undefined })), true),
  },
  updateCaravan: {
    permission: 'v1:write',
    mutates: true,
    run: ({ store, pathParams, body }) => reply(200, updateCaravan(store, pathParams['caravanId']!, body as CaravanChanges)),
  },
  addCargoLot: {
    permission: 'v1:write',
    mutates: true,
    run: ({ store, pathParams, body }) => reply(201, addCargoLot(store, pathParams['caravanId']!, body as NewCargoLot)),
  },
  updateCargoLot: {
    permission: 'v1:write',
    mutates: true,
    run: ({ store, pathParams, body }) =>
      reply(200, updateCargoLot(store, pathParams['caravanId']!, pathParams['lotId']!, body as CargoLotChanges)),
  },
  dispatchCaravan: {
    permission: 'v1:write',
    mutates: true,
    run: ({ store, pathParams, principal }) => reply(200, dispatchCaravan(store, pathParams['caravanId']!, principal)),
  },
  listMarketOrders: {
    permission: 'v1:read',
    mutates: false,
    run: ({ store, pathParams, query }) =>
      reply(
        200,
        listMarketOrders(store.state, pathParams['marketId']!, {
          ...paging(query),
          priority: query['priority'] as OrderPriority | undefined,
          status: query['status'] as OrderStatus | undefined,
        }),
        true,
      ),
  },
  publishRoute: {
    permission: 'v2:publish',
    mutates: true,
    run: ({ store, body, principal }) => reply(201, publishRoute(store, body as RouteToPublish, principal)),
  },
} satisfies Record<string, OperationImplementation>;

export type OperationId = keyof typeof OPERATION_IMPLEMENTATIONS;

export function isImplemented(operationId: string): operationId is OperationId {
  return Object.hasOwn(OPERATION_IMPLEMENTATIONS, operationId);
}
