import { describe, expect, it } from 'vitest';
import { CARAVAN_STATUSES } from '../../../content/_sandbox/caravan/domain/enums.ts';
import { api, VIEWER, PARTNER, useSandbox } from './support/sandbox-client.ts';

useSandbox();

describe('GET /caravans (listCaravans)', () => {
  it('returns the first page of 20 by default with paging fields and request_id', async () => {
    const { status, body, response } = await api.listCaravans();
    expect(status).toBe(200);
    expect(body.page).toBe(1);
    expect(body.per_page).toBe(20);
    expect(body.total).toBe(13);
    expect(body.items).toHaveLength(13);
    expect(body.has_more).toBe(false);
    expect(body.next_page).toBeNull();
    expect(body.request_id).toBe(response.headers.get('x-request-id'));
  });

  it('pages through with has_more and next_page', async () => {
    const first = await api.listCaravans('?per_page=5');
    expect(first.body.items.map((caravan: { id: string }) => caravan.id)).toEqual(['car_001', 'car_002', 'car_003', 'car_004', 'car_005']);
    expect(first.body).toMatchObject({ has_more: true, next_page: 2, total: 13 });
    const last = await api.listCaravans('?per_page=5&page=3');
    expect(last.body.items).toHaveLength(3);
    expect(last.body).toMatchObject({ page: 3, has_more: false, next_page: null });
  });

  it('answers a page past the end with an empty page', async () => {
    const { status, body } = await api.listCaravans('?page=99');
    expect(status).toBe(200);
    expect(body).toMatchObject({ items: [], total: 13, page: 99, has_more: false, next_page: null });
  });

  it('accepts per_page=100 and rejects per_page=101 with 400', async () => {
    expect((await api.listCaravans('?per_page=100')).status).toBe(200);
    const rejected = await api.listCaravans('?per_page=101');
    expect(rejected.status).toBe(400);
    expect(rejected.body.code).toBe('invalid_query_parameter');
    expect(rejected.body.errors).toEqual([{ pointer: 'per_page', detail: 'must be <= 100' }]);
  });

  it.each(['page=0', 'page=-1', 'page=abc', 'page=1.5', 'page=', 'per_page=0', 'per_page=x', 'status=lost', 'page=1&page=2'])(
    'rejects the bad query %s with 400',
    async (query) => {
      const { status, body } = await api.listCaravans(`?${query}`);
      expect(status).toBe(400);
      expect(body.code).toBe('invalid_query_parameter');
      expect(body.errors[0].pointer).toBe(query.split('=')[0]);
    },
  );

  it.each(CARAVAN_STATUSES)('filters by status %s', async (status) => {
    const { body } = await api.listCaravans(`?status=${status}`);
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((caravan: { status: string }) => caravan.status === status)).toBe(true);
    expect(body.total).toBe(body.items.length);
  });

  it('ignores unknown query parameters', async () => {
    expect((await api.listCaravans('?sort=name')).status).toBe(200);
  });

  it('lets viewer and partner tokens read', async () => {
    expect((await api.listCaravans('', { token: VIEWER })).status).toBe(200);
    expect((await api.listCaravans('', { token: PARTNER })).status).toBe(200);
  });
});
