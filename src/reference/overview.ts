/**
 * What the reference overview says, all of it read from the description: its servers (and what
 * the site config replaced), its security schemes and global requirement, its tags. The page and
 * its Markdown source both render this model. Pure.
 */
import {
  absolute,
  credentialPlacement,
  documentServers,
  expandServerUrl,
  operationServers,
  serverUrl,
  slugify,
  type SecurityScheme,
  type ServerObject,
  type ServerOverrides,
  type ServerPlace,
} from '../openapi/index.ts';
import type { ReferenceCatalog } from './catalog.ts';
import { FRAME_IDS } from '../layouts/frame-ids.ts';

interface OverviewServer {
  /** The URL calls go to (after the site's overrides). */
  url: string;
  /** The URL as the description writes it, when the site config replaced it. */
  described?: string;
  description?: string;
  variables: Array<{ name: string; default: string; values?: string[]; description?: string }>;
  /** How many operations declare this server as their own (path or operation level); 0 for document servers. */
  ownedBy: number;
}

interface OverviewScheme {
  scheme: SecurityScheme;
  /** A sentence saying what the scheme is and where its credential goes. */
  summary: string;
  /** Operations that accept it. */
  usedBy: number;
}

export interface Overview {
  servers: OverviewServer[];
  schemes: OverviewScheme[];
  /** What the document-level `security` asks of every operation that does not say otherwise. */
  globalSecurity: string;
  /** Operations anyone may call (an empty `security` requirement). */
  openOperations: number;
  /** Headings of the description (## and ###), for the table of contents. */
  descriptionHeadings: Array<{ depth: 2 | 3; text: string; slug: string }>;
}

function server(entry: ServerObject, place: ServerPlace, overrides: ServerOverrides, origin: string, ownedBy: number): OverviewServer {
  const url = serverUrl(entry, place, overrides, origin);
  const result: OverviewServer = {
    url,
    variables: Object.entries(entry.variables ?? {}).map(([name, variable]) => ({
      name,
      default: String(variable.default),
      ...(Array.isArray(variable.enum) ? { values: variable.enum.map(String) } : {}),
      ...(variable.description ? { description: variable.description } : {}),
    })),
    ownedBy,
  };
  if (url !== absolute(expandServerUrl(entry), origin)) result.described = entry.url;
  if (entry.description) result.description = entry.description;
  return result;
}

/** The servers of the overview: the document's, then each one operations declare for themselves. */
function servers(catalog: ReferenceCatalog, overrides: ServerOverrides, origin: string): OverviewServer[] {
  const { document } = catalog.api;
  const result = documentServers(document).map((entry, index) => server(entry, index === 0 ? 'first' : 'document', overrides, origin, 0));
  const own = new Map<string, { entry: ServerObject; count: number }>();
  for (const ref of catalog.api.operations) {
    const found = operationServers(document, ref);
    if (!found.own) continue;
    const first = found.servers[0]!;
    const known = own.get(first.url);
    if (known) known.count += 1;
    else own.set(first.url, { entry: first, count: 1 });
  }
  for (const { entry, count } of own.values()) result.push(server(entry, 'own', overrides, origin, count));
  return result;
}

function describeScheme(scheme: SecurityScheme): string {
  const where = credentialPlacement(scheme);
  switch (scheme.type) {
    case 'http':
      return scheme.scheme === 'basic' ? `HTTP Basic authentication: send ${where}.` : `HTTP ${scheme.scheme ?? 'bearer'} authentication: send ${where}.`;
    case 'apiKey':
      return `An API key in ${where}.`;
    case 'oauth2':
      return `OAuth 2.0 (${(scheme.flows ?? []).map((flow) => flowName(flow.flow)).join(', ') || 'no flow declared'}): send the access token as ${where}.`;
    case 'openIdConnect':
      return `OpenID Connect${scheme.openIdConnectUrl ? ` (discovery document: ${scheme.openIdConnectUrl})` : ''}: send the access token as ${where}.`;
    case 'mutualTLS':
      return 'Mutual TLS: the client presents a certificate.';
  }
}

function flowName(flow: string): string {
  return { authorizationCode: 'authorization code', clientCredentials: 'client credentials', implicit: 'implicit', password: 'password' }[flow] ?? flow;
}

/** Ids the overview page gives its own sections: a description heading never takes one, nor one of the page frame's. */
const OVERVIEW_SECTION_IDS = ['servers', 'authentication', 'endpoints'] as const;

/**
 * The headings of a description shown under the page's h1, with the depth and id the page gives
 * them: as descriptionHtml nests them, the levels used become 2, 3, … in order; the table of
 * contents lists those at 2 and 3. Fenced code is skipped. Ids are unique on the page: a heading
 * named like a section of the page ("Authentication") or like an earlier heading gets `-1`, `-2`.
 */
export function markdownHeadings(markdown: string): Overview['descriptionHeadings'] {
  const found: Array<{ level: number; text: string }> = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (match) found.push({ level: match[1]!.length, text: match[2]!.replace(/[`*_]/g, '') });
  }
  const levels = [...new Set(found.map((heading) => heading.level))].sort((a, b) => a - b);
  const taken = new Set<string>([...FRAME_IDS, ...OVERVIEW_SECTION_IDS]);
  const unique = (slug: string): string => {
    let candidate = slug;
    for (let n = 1; taken.has(candidate); n += 1) candidate = `${slug}-${n}`;
    taken.add(candidate);
    return candidate;
  };
  return found.flatMap(({ level, text }) => {
    const depth = 2 + levels.indexOf(level);
    return depth <= 3 ? [{ depth: depth as 2 | 3, text, slug: unique(slugify(text)) }] : [];
  });
}

export function referenceOverview(catalog: ReferenceCatalog, overrides: ServerOverrides, origin: string): Overview {
  const { api } = catalog;
  const usage = new Map<string, number>();
  let open = 0;
  for (const ref of api.operations) {
    const { security } = api.resolve(ref);
    if (security.length === 0 || security.some((requirement) => requirement.length === 0)) open += 1;
    for (const key of new Set(security.flatMap((requirement) => requirement.map((entry) => entry.scheme.key)))) usage.set(key, (usage.get(key) ?? 0) + 1);
  }
  const global = Array.isArray(api.document.security) ? api.document.security : [];
  const globalSecurity =
    global.length === 0
      ? 'The description sets no security for all operations; each operation below says what it needs.'
      : `Unless an operation says otherwise, every call needs ${global.map((requirement) => Object.keys(requirement).map((key) => `\`${key}\``).join(' and ') || 'no credential').join(', or ')}.`;
  return {
    servers: servers(catalog, overrides, origin),
    schemes: [...api.schemes.values()].map((scheme) => ({ scheme, summary: describeScheme(scheme), usedBy: usage.get(scheme.key) ?? 0 })),
    globalSecurity,
    openOperations: open,
    descriptionHeadings: markdownHeadings(catalog.description),
  };
}
