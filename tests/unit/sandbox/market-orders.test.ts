import { describe, expect, it } from 'vitest';
import { ORDER_PRIORITIES, ORDER_STATUSES } from '../../../content/_sandbox/caravan/domain/enums.ts';
import { api, useSandbox } from './support/sandbox-client.ts';

useSandbox();

describe('GET /markets/{marketId}/orders (listMarketOrders)', () => {
  it('returns the first 20 orders of a market with paging fields', async () => {
    const { status, body } = await api.listMarketOrders('marrakesh');
    expect(status).toBe(200);
    expect(body).toMatchObject({ market_id: 'marrakesh', total: 26, page: 1, per_page: 20, has_more: true, next_page: 2 });
    expect(body.items).toHaveLength(20);
    expect(body.items.every((order: { market_id: string }) => order.market_id === 'marrakesh')).toBe(true);
  });

  it('pages: second page, page past the end, per_page 100 and 101', async () => {
    expect((await api.listMarketOrders('marrakesh', '?page=2')).body).toMatchObject({ has_more: false, next_page: null });
    expect((await api.listMarketOrders('marrakesh', '?page=2')).body.items).toHaveLength(6);
    expect((await api.listMarketOrders('marrakesh', '?page=5')).body).toMatchObject({ items: [], has_more: false, next_page: null });
    expect((await api.listMarketOrders('marrakesh', '?per_page=100')).body.items).toHaveLength(26);
    expect((await api.listMarketOrders('marrakesh', '?per_page=101')).status).toBe(400);
  });

  it('covers every priority and status in the seed, and filters by both', async () => {
    for (const priority of ORDER_PRIORITIES) {
      for (const status of ORDER_STATUSES) {
        const { body } = await api.listMarketOrders('marrakesh', `?priority=${priority}&status=${status}&per_page=100`);
        expect(body.total).toBeGreaterThan(0);
        expect(body.items.every((order: { priority: string; status: string }) => order.priority === priority && order.status === status)).toBe(true);
      }
    }
  });

  it('answers an empty list for a known market without orders', async () => {
    expect((await api.listMarketOrders('siwa')).body).toMatchObject({ items: [], total: 0, has_more: false });
  });

  it('answers 404 market_not_found for an unknown market', async () => {
    const { status, body } = await api.listMarketOrders('atlantis');
    expect(status).toBe(404);
    expect(body.code).toBe('market_not_found');
  });

  it('answers 400 for bad filters', async () => {
    const { status, body } = await api.listMarketOrders('cairo', '?priority=urgentest&status=gone');
    expect(status).toBe(400);
    expect(body.errors.map((error: { pointer: string }) => error.pointer)).toEqual(['priority', 'status']);
  });
});
