/**
 * Finds the operation a request URL names: the base URL (each operation's server) first, then
 * the path template, literal segments winning over parameters (`/users/me` before
 * `/users/{id}`). Pure, and its cost per request does not grow with the number of operations
 * sharing a base beyond one regular-expression test per path template.
 */
import type { RuntimeOperation } from './types.ts';

interface PathRoute {
  /** The path template. */
  path: string;
  pattern: RegExp;
  names: string[];
  /** Operations by upper-case method. */
  methods: Map<string, RuntimeOperation>;
}

interface Base {
  url: string;
  /** `https://host` */
  origin: string;
  /** `/v1` (empty for a host root) */
  prefix: string;
  routes: PathRoute[];
}

type Match =
  | { kind: 'outside' }
  | { kind: 'unknown-path'; base: string }
  | { kind: 'path'; route: PathRoute; params: Record<string, string> };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Sorts templates so that, segment by segment, literals come before parameters. */
function specificity(path: string): string {
  return path
    .split('/')
    .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '\uffff' : /\{/.test(segment) ? `\ufffe${segment}` : segment))
    .join('/');
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of path.matchAll(/\{([^}]+)\}/g)) {
    source += escapeRegExp(path.slice(last, match.index));
    names.push(match[1]!);
    source += '([^/]+)';
    last = match.index + match[0].length;
  }
  source += escapeRegExp(path.slice(last));
  return { pattern: new RegExp(`^${source}/?$`), names };
}

export interface Router {
  match(url: URL): Match;
  /** Every base URL the sandbox answers under. */
  bases: readonly string[];
}

export function createRouter(operations: readonly RuntimeOperation[]): Router {
  const bases = new Map<string, Base>();
  for (const operation of operations) {
    let base = bases.get(operation.baseUrl);
    if (base === undefined) {
      let origin = operation.baseUrl;
      let prefix = '';
      try {
        const url = new URL(operation.baseUrl);
        origin = url.origin;
        prefix = url.pathname.replace(/\/+$/, '');
      } catch {
        // Not absolute: matches nothing.
      }
      base = { url: operation.baseUrl, origin, prefix, routes: [] };
      bases.set(operation.baseUrl, base);
    }
    let route = base.routes.find((candidate) => candidate.path === operation.path);
    if (route === undefined) {
      route = { path: operation.path, ...compile(operation.path), methods: new Map() };
      base.routes.push(route);
    }
    route.methods.set(operation.method.toUpperCase(), operation);
  }
  // Longest prefixes first, so `https://host/v1/admin` wins over `https://host/v1`.
  const ordered = [...bases.values()].sort((a, b) => b.prefix.length - a.prefix.length);
  for (const base of ordered) base.routes.sort((a, b) => (specificity(a.path) < specificity(b.path) ? -1 : 1));

  return {
    bases: ordered.map((base) => base.url),
    match(url) {
      let pathname: string;
      try {
        pathname = url.pathname;
      } catch {
        return { kind: 'outside' };
      }
      let under: Base | undefined;
      for (const base of ordered) {
        if (url.origin !== base.origin) continue;
        if (base.prefix !== '' && pathname !== base.prefix && !pathname.startsWith(`${base.prefix}/`)) continue;
        under ??= base;
        const rest = pathname.slice(base.prefix.length) || '/';
        for (const route of base.routes) {
          const found = route.pattern.exec(rest);
          if (found === null) continue;
          const params: Record<string, string> = {};
          let decodable = true;
          route.names.forEach((name, index) => {
            try {
              params[name] = decodeURIComponent(found[index + 1]!);
            } catch {
              decodable = false;
            }
          });
          if (decodable) return { kind: 'path', route, params };
        }
      }
      return under === undefined ? { kind: 'outside' } : { kind: 'unknown-path', base: under.url };
    },
  };
}
