/**
 * The order and titles of a version's APIs: those `apis:` in config/site.yml lists come first, in
 * its order and with its titles, then the others by id. Pure.
 */
import type { ApiSource } from '../openapi/openapi-fs.ts';

/** What site.yml may say about an API (`apis:` entries). */
export interface ApiSetting {
  id: string;
  title?: string | undefined;
}

export interface OrderedApi extends ApiSource {
  /** The site's title; undefined: the description's `info.title`. */
  title?: string;
}

export function orderApis(sources: readonly ApiSource[], settings: readonly ApiSetting[]): OrderedApi[] {
  const rank = new Map(settings.map((setting, position) => [setting.id, position]));
  const titles = new Map(settings.flatMap((setting) => (setting.title === undefined ? [] : [[setting.id, setting.title] as const])));
  return [...sources]
    .sort((a, b) => (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((source) => {
      const title = titles.get(source.id);
      return title === undefined ? { ...source } : { ...source, title };
    });
}
