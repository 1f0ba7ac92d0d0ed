import type { WrittenLink } from './collect.ts';

/** What the checker knows of the built site. Paths are site paths without the base, starting with "/". */
export interface LinkTargets {
  base: string;
  versions: ReadonlyArray<{ id: string; label: string }>;
  /** Whether a path names a page or file of the site. */
  has(path: string): boolean;
  /** The element ids of the page at `path`; undefined when unknown (a page rendered on demand). */
  idsOf(path: string): ReadonlySet<string> | undefined;
}

/** A page file and its links; `path` is the page's own site path (like `/1.2/guides/dispatch/`). */
export interface LinkingPage {
  file: string;
  path: string;
  version: string;
  links: readonly WrittenLink[];
}

export interface LinkProblem {
  kind: 'broken' | 'cross-version';
  file: string;
  line: number;
  column: number;
  target: string;
  message: string;
}

/** Broken links, anchors and images, and links into another version, of every page. Pure. */
export function checkLinks(pages: readonly LinkingPage[], targets: LinkTargets): LinkProblem[] {
  return pages.flatMap((page) => page.links.flatMap((link) => checkLink(page, link, targets) ?? []));
}

function checkLink(page: LinkingPage, link: WrittenLink, targets: LinkTargets): LinkProblem | undefined {
  const resolved = resolveTarget(link.url, page.path, targets.base);
  if (!resolved) return undefined;
  const at = { file: page.file, line: link.line, column: link.column, target: link.url };
  const { path, hash } = resolved;
  if (!targets.has(path)) {
    const what = link.kind === 'image' ? 'an image' : 'a page';
    return { kind: 'broken', ...at, message: `links to ${path === link.url ? '' : `${path}, `}${what} that does not exist.` };
  }
  if (hash && link.kind === 'link') {
    const ids = targets.idsOf(path);
    if (ids && !ids.has(hash)) {
      const where = path === page.path ? 'this page' : path;
      return { kind: 'broken', ...at, message: `links to #${hash}, but ${where} has no heading or element with that id.` };
    }
  }
  const other = versionOf(path, targets.versions);
  if (other !== undefined && other.id !== page.version && !namesVersion(link.text, other)) {
    const own = `/${page.version}${path.slice(other.id.length + 1)}`;
    const suggestion = targets.has(own) ? ` Did you mean ${own}${hash ? `#${hash}` : ''}? (The folder may have been copied from ${other.id}.)` : ` (Was the folder copied from ${other.id}?)`;
    return {
      kind: 'cross-version',
      ...at,
      message: `links into version ${other.id} from a page of version ${page.version}.${suggestion} A link whose text names the version (like "${other.label} docs") is taken as deliberate.`,
    };
  }
  return undefined;
}

/**
 * The site path and fragment a written target points at, resolved against the page's own URL as a
 * browser does; undefined for targets outside the site (other schemes and hosts) and for `#top`.
 */
export function resolveTarget(url: string, pagePath: string, base: string): { path: string; hash: string } | undefined {
  const trimmed = url.trim();
  if (trimmed === '' || /^[a-z][a-z\d+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(trimmed, `http://site${pagePath}`);
  } catch {
    // Not a URL a browser could follow (`/\\`): reported as a broken link, as written.
    return { path: trimmed, hash: '' };
  }
  // Backslashes count as slashes: `\\host/x` leaves the site, as it does in a browser.
  if (resolved.host !== 'site') return undefined;
  let path = safeDecode(resolved.pathname);
  if (base !== '/' && (path.startsWith(base) || path === base.slice(0, -1))) path = path.slice(base.length - 1) || '/';
  const hash = safeDecode(resolved.hash.slice(1));
  if (trimmed.startsWith('#') && (hash === '' || hash === 'top')) return undefined;
  return { path, hash: hash === 'top' ? '' : hash };
}

function versionOf(path: string, versions: LinkTargets['versions']): LinkTargets['versions'][number] | undefined {
  const first = path.split('/')[1];
  return versions.find((version) => version.id === first);
}

// "2.0 beta docs", "Pagination in 1.2": the writer means the other version.
function namesVersion(text: string | undefined, version: { id: string; label: string }): boolean {
  if (!text) return false;
  const words = (value: string) => ` ${value.toLowerCase().split(/[^a-z0-9.]+/).map((word) => word.replace(/\.+$/, '')).join(' ')} `;
  return [version.id, version.label].some((name) => words(text).includes(words(name)));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Targets from the files of a built site (paths relative to its folder, with "/") and the ids of
 * a file (read when first asked for); `extra` are paths that exist though no file is written for
 * them (pages rendered on demand by the server).
 */
export function outputTargets(options: {
  base: string;
  versions: LinkTargets['versions'];
  files: ReadonlySet<string>;
  idsOfFile: (file: string) => ReadonlySet<string> | undefined;
  extra: (path: string) => boolean;
}): LinkTargets {
  const fileOf = (path: string): string | undefined => {
    const relative = path.replace(/^\/+/, '');
    const candidates = path.endsWith('/') ? [`${relative}index.html`] : [relative, `${relative}/index.html`, `${relative}.html`];
    return candidates.find((candidate) => options.files.has(candidate));
  };
  return {
    base: options.base,
    versions: options.versions,
    has: (path) => fileOf(path) !== undefined || options.extra(path),
    idsOf: (path) => {
      const file = fileOf(path);
      return file === undefined ? undefined : options.idsOfFile(file);
    },
  };
}
