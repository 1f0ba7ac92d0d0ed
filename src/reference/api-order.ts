/**
 * The order, titles and roles of a version's APIs: those `apis:` in config/site.yml lists come
 * first, in its order and with its titles, then the others by id. Pure.
 */
import type { ApiSource } from '../openapi/openapi-fs.ts';

/** What site.yml may say about an API (`apis:` entries). */
export interface ApiSetting {
  id: string;
  title?: string | undefined;
  roles?: readonly string[] | undefined;
}

export interface OrderedApi extends ApiSource {
  /** The site's title; undefined: the description's `info.title`. */
  title?: string;
  /** Roles a reader needs to read it (one of them); empty: public. */
  roles: readonly string[];
}

export function orderApis(sources: readonly ApiSource[], settings: readonly ApiSetting[]): OrderedApi[] {
  const rank = new Map(settings.map((setting, position) => [setting.id, position]));
  const byId = new Map(settings.map((setting) => [setting.id, setting]));
  return [...sources]
    .sort((a, b) => (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((source) => {
      const setting = byId.get(source.id);
      // A version's single description (id '') is never named under `apis:`, so it is never gated.
      const roles = source.id === '' ? [] : [...(setting?.roles ?? [])];
      return setting?.title === undefined ? { ...source, roles } : { ...source, title: setting.title, roles };
    });
}

/** The APIs anyone may read. Static sites build only these: a gated API is left out of every output, as a gated page is. */
export function publicApis<T extends { roles: readonly string[] }>(apis: readonly T[]): T[] {
  return apis.filter((api) => api.roles.length === 0);
}
