import { filterNav, flattenPages } from './tree.ts';
import type { Page, RoleRequirement, SiteModel } from './types.ts';

/** A signed-in reader, as the session cookie carries it. */
export interface Reader {
  /** Stable id: the username, or the OpenID Connect subject. */
  id: string;
  name: string;
  roles: string[];
  /** How they signed in: a password of config/users.yml, or single sign-on (unknown for sessions from before it was recorded). */
  source?: ReaderSource | undefined;
}

export type ReaderSource = 'users' | 'oidc';

/** What a request for a non-public page gets. */
export type Access = 'allow' | 'sign-in' | 'forbidden';

/** A reader may read a page when they hold at least one role of every gated level above and at it. */
export function canRead(requires: RoleRequirement, roles: readonly string[]): boolean {
  return requires.every((level) => level.some((role) => roles.includes(role)));
}

/** The role check: public pages are open; others need a signed-in reader holding the roles. */
export function accessTo(page: Pick<Page, 'public' | 'requires'>, reader: Reader | undefined): Access {
  if (page.public) return 'allow';
  if (!reader) return 'sign-in';
  return canRead(page.requires, reader.roles) ? 'allow' : 'forbidden';
}

/**
 * The site as one reader sees it: public pages plus the gated pages their roles open. `opened`,
 * a page served through `auth.publicPaths`, joins the view of that page only.
 */
export function readerView(model: SiteModel, reader: Reader | undefined, opened?: Page): SiteModel {
  const readable = (page: Page) => accessTo(page, reader) === 'allow';
  // An opened page the reader could not otherwise read stands alone at the end, so the titles of
  // the gated sections around it stay hidden.
  const standalone = opened && !readable(opened) ? opened : undefined;
  return {
    ...model,
    versions: model.versions.map((site) => {
      const nav = filterNav(site.nav, readable);
      const holdsIt = standalone !== undefined && flattenPages(site.nav).includes(standalone);
      return { ...site, nav: holdsIt ? [...nav, standalone] : nav };
    }),
  };
}

/** A stable key for a set of roles: readers with the same roles see the same site. */
export function rolesKey(roles: readonly string[]): string {
  return [...new Set(roles)].sort().join(',');
}
