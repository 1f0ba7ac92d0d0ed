/**
 * The props each replaceable part of a page receives (`components:` in site.yml). A site's
 * override gets exactly these; it may import the engine's default from
 * `caravan-docs/components/<Name>.astro` and pass them on. Types only.
 */

/** The version a page belongs to. */
export interface PageVersion {
  id: string;
  label: string;
  stable: boolean;
}

/** `Head`: the tags of every page's `<head>` that say what the page is (the engine adds its styles and scripts after them). */
export interface HeadProps {
  /** The page's own title. */
  title: string;
  /** The `<title>`: the page's title and the site's (`Quickstart | Acme API`), or the site's alone on the landing page. */
  fullTitle: string;
  /** The meta description: the page's, else the site's. */
  description?: string | undefined;
  /** Absolute canonical URL; absent on pages that must not be indexed. */
  canonical?: string | undefined;
  /** Sign-in and refusal pages: `<meta name="robots" content="noindex">`. */
  noindex: boolean;
  /** Href and MIME type of the favicon (`theme.favicon`, else favicon.svg). */
  favicon: { href: string; type: string };
}

/**
 * `Header`: the bar at the top of every page. The default renders the Menu button (when
 * `hasSidebar`), the logo or title, search, `header.links`, whatever is passed in its
 * `switchers` slot (the version and language switchers of docs pages), the sign-in state and the
 * theme toggle.
 */
export interface HeaderProps {
  /** The page has a sidebar, shown as a menu at phone width. */
  hasSidebar: boolean;
  /** The page's version (search looks in it first). */
  version?: PageVersion | undefined;
  /** On-demand pages for a signed-in reader. */
  signedIn: boolean;
  /** The sign-out form's token, on pages rendered per request. */
  csrfToken?: string | undefined;
}

/** `Footer`: the end of every page; the default shows `footer.text` and `footer.links`, or nothing. */
export interface FooterProps {
  /** The page's version, if it has one. */
  version?: PageVersion | undefined;
}

/** `Landing`: the main content of the landing page (`/`), inside the page frame. */
export interface LandingProps {
  /** The site's title and description (site.yml). */
  title: string;
  description: string;
  /** The first page of the main version (the first stable one), when an anonymous reader may open it. */
  start?: { href: string } | undefined;
  /** The main version's top-level entries, each with its first page. */
  sections: Array<{ title: string; description?: string | undefined; href: string }>;
  /** The main version's label, when it has sections. */
  mainVersionLabel?: string | undefined;
  /** Every version with a page an anonymous reader may open, in versions.yml's order. */
  versions: Array<{ label: string; stable: boolean; href: string }>;
}
