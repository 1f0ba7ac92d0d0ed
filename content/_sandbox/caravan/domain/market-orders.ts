/** Bazaar orders, listed per destination market. */
import type { OrderPriority, OrderStatus } from './enums.ts';
import { refuse, succeed, type Outcome } from './outcome.ts';
import { paginate, type Page, type PageRequest } from './paging.ts';
import type { BazaarOrder } from './resources.ts';
import type { SandboxState } from './state.ts';

export interface OrderFilter extends PageRequest {
  priority?: OrderPriority | undefined;
  status?: OrderStatus | undefined;
}

export interface MarketOrdersPage extends Page<BazaarOrder> {
  market_id: string;
}

export function listMarketOrders(state: SandboxState, marketId: string, filter: OrderFilter): Outcome<MarketOrdersPage> {
  if (!state.markets.some((market) => market.id === marketId)) {
    const known = state.markets.map((market) => market.id).join(', ');
    return refuse('not_found', 'market_not_found', `No market has the id \`${marketId}\`. Known markets: ${known}.`);
  }
  const matching = state.orders.filter(
    (order) =>
      order.market_id === marketId &&
      (filter.priority === undefined || order.priority === filter.priority) &&
      (filter.status === undefined || order.status === filter.status),
  );
  return succeed({ market_id: marketId, ...paginate(matching, filter) });
}
