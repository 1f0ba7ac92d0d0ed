import { isLoginOnly, type AuthConfig } from '../config/schemas/auth.ts';
import { filterNav, flattenPages } from './tree.ts';
import type { Page, RoleRequirement, SiteModel, VersionSite } from './types.ts';

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

/** Who may read something: anyone when public, else a signed-in reader holding the roles (a page's own shape). */
export type AccessRule = Pick<Page, 'public' | 'requires'>;

/** The role check: public pages are open; others need a signed-in reader holding the roles. */
export function accessTo(page: AccessRule, reader: Reader | undefined): Access {
  if (page.public) return 'allow';
  if (!reader) return 'sign-in';
  return canRead(page.requires, reader.roles) ? 'allow' : 'forbidden';
}

/**
 * Who may read a version's API reference, and so everything made from its description (the
 * reference pages, their Markdown, and the browser sandbox's modules): anyone, except on a
 * login-only site, where any signed-in reader may. One rule for every version, since neither
 * versions.yml nor the reference take `roles`. A rule per version would take the version (its
 * id, or roles read from versions.yml) as a second argument here: every caller already asks once
 * per version (the build for each version's sandbox and canaries, the sandbox route for each
 * version a module serves, the MCP corpus for each version's reference), so each would pass the
 * version it already holds.
 */
export function referenceAccess(auth: AuthConfig): AccessRule {
  return isLoginOnly(auth) ? { public: false, requires: [] } : { public: true, requires: [] };
}

/**
 * Who may read one API of a version (its reference pages, their Markdown, its sandbox modules and
 * its MCP documents): the version's reference rule, and, for an API gated by `roles` (`apis:` in
 * site.yml), a signed-in reader holding one of them, as for a page gated by the same list.
 */
export function apiAccess(auth: AuthConfig, roles: readonly string[]): AccessRule {
  const reference = referenceAccess(auth);
  return roles.length === 0 ? reference : { public: false, requires: [...reference.requires, [...roles]] };
}

/**
 * The rule for something made from two references (a changelog compares two versions'
 * descriptions): public only when both are, and then open only to readers both rules let in.
 */
export function stricterAccess(a: AccessRule, b: AccessRule): AccessRule {
  return { public: a.public && b.public, requires: [...a.requires, ...b.requires] };
}

/** Whether this reader may read a version's reference (the same role rule as for a page). */
export function mayReadReference(rule: AccessRule, reader: Reader | undefined): boolean {
  return accessTo(rule, reader) === 'allow';
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
  const viewOf = (site: VersionSite): VersionSite => {
    const nav = filterNav(site.nav, readable);
    const holdsIt = standalone !== undefined && flattenPages(site.nav).includes(standalone);
    return { ...site, nav: holdsIt ? [...nav, standalone] : nav, ...(reader ? { readerRoles: reader.roles } : {}) };
  };
  const view: SiteModel = { ...model, versions: model.versions.map(viewOf) };
  // A translation carries its original's roles, so the same check gates every locale.
  if (model.locales) view.locales = model.locales.map((locale) => ({ ...locale, versions: locale.versions.map(viewOf) }));
  return view;
}

/** A stable key for a set of roles: readers with the same roles see the same site. */
export function rolesKey(roles: readonly string[]): string {
  return [...new Set(roles)].sort().join(',');
}
