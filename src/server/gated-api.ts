import type { AuthConfig } from '../config/schemas/auth.ts';
import { apiAccess, type AccessRule, type Reader } from '../model/access.ts';
import { decideRequest, resolveRequestTarget, type Decision, type PageLookup } from './request-target.ts';

/**
 * The pages of APIs gated by roles (`apis: [{ id, roles }]` in site.yml) on a site with sign-in:
 * which page a path names and who may read it. Pure; the route is src/server/routes/gated-api.astro.
 */

/** A page of an API gated by roles: its slug (`reference/<id>/…`), its API, and who may read it. */
export interface GatedApiPage extends AccessRule {
  slug: string;
  apiId: string;
}

/** One gated API of one version, as the lookup needs it: its pages' slugs, the overview (`reference/<id>`) first. */
export interface GatedApiSlugs {
  versionId: string;
  apiId: string;
  roles: readonly string[];
  slugs: readonly string[];
}

/**
 * Every version (those without a gated API too, so a path under them is "unknown", never
 * "outside"), each with the pages of its gated APIs, each page with its API's rule.
 */
export function gatedApiLookup(versionIds: readonly string[], apis: readonly GatedApiSlugs[], auth: AuthConfig): PageLookup<GatedApiPage> {
  const lookup = new Map(versionIds.map((id) => [id, new Map<string, GatedApiPage>()]));
  for (const api of apis) {
    const rule = apiAccess(auth, api.roles);
    for (const slug of api.slugs) lookup.get(api.versionId)?.set(slug, { slug, apiId: api.apiId, public: rule.public, requires: rule.requires });
  }
  return lookup;
}

/**
 * The role check of a request for a gated API's page or Markdown source, exactly as for a gated
 * page (src/server/request-target.ts): signed out, sign in (unknown paths too, so nobody learns
 * which pages exist); signed in without a role of the API, 403; with one, the page. Only the
 * canonical spellings resolve. `auth.publicPaths` never opens a gated API (the config loader
 * refuses a prefix that covers one).
 */
export function decideGatedApiRequest(pathname: string, base: string, lookup: PageLookup<GatedApiPage>, reader: Reader | undefined): Decision<GatedApiPage> {
  return decideRequest(resolveRequestTarget(pathname, base, lookup), reader, []);
}
