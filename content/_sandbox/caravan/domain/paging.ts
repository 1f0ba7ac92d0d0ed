/** Page-number pagination shared by every list. */

const DEFAULT_PER_PAGE = 20;
const MAX_PER_PAGE = 100;

export interface PageRequest {
  page: number;
  per_page: number;
}

export interface Page<T> {
  items: readonly T[];
  total: number;
  page: number;
  per_page: number;
  has_more: boolean;
  next_page: number | null;
}

/**
 * One page of `items`; a page past the end is empty, with `has_more: false`. The items are
 * the stored objects, not copies (copying dominated the cost of a list request): serialise the
 * page before the state changes again, and never mutate it.
 */
export function paginate<T>(items: readonly T[], { page, per_page }: PageRequest): Page<Readonly<T>> {
  const start = (page - 1) * per_page;
  const slice = start < items.length ? items.slice(start, start + per_page) : [];
  const has_more = start + per_page < items.length;
  return { items: slice, total: items.length, page, per_page, has_more, next_page: has_more ? page + 1 : null };
}
