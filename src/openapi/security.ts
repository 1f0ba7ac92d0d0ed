/**
 * Security schemes (`components.securitySchemes`) and the requirements that apply to an
 * operation (its own `security`, else the document's). Pure.
 */
import type { Json, OpenApiInput, SecurityRequirement, SecurityScheme } from './types.ts';

const asRecord = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});
const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const SCHEME_TYPES = new Set(['http', 'apiKey', 'oauth2', 'openIdConnect', 'mutualTLS']);
const KEY_LOCATIONS = new Set(['header', 'query', 'cookie']);

/** `x-sandbox-credentials` on a scheme: credentials the site's sandbox accepts (strings or `{ value, label, description }`). */
function sandboxCredentials(raw: unknown): SecurityScheme['sandboxCredentials'] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    if (typeof entry === 'string') return [{ value: entry }];
    const record = asRecord(entry);
    const value = asString(record['value']);
    if (value === undefined) return [];
    const label = asString(record['label']);
    const description = asString(record['description']);
    return [{ value, ...(label ? { label } : {}), ...(description ? { description } : {}) }];
  });
}

function toScheme(key: string, raw: Json, resolve: (value: unknown) => Json): SecurityScheme | undefined {
  const type = asString(raw['type']);
  if (type === undefined || !SCHEME_TYPES.has(type)) return undefined;
  const scheme: SecurityScheme = { key, type: type as SecurityScheme['type'], sandboxCredentials: sandboxCredentials(raw['x-sandbox-credentials']) };
  const description = asString(raw['description']);
  if (description) scheme.description = description;
  if (type === 'http') {
    scheme.scheme = (asString(raw['scheme']) ?? 'bearer').toLowerCase();
    const format = asString(raw['bearerFormat']);
    if (format) scheme.bearerFormat = format;
  }
  if (type === 'apiKey') {
    const location = asString(raw['in']);
    if (location && KEY_LOCATIONS.has(location)) scheme.in = location as 'header' | 'query' | 'cookie';
    const name = asString(raw['name']);
    if (name) scheme.name = name;
  }
  if (type === 'oauth2') {
    scheme.flows = Object.entries(asRecord(raw['flows'])).map(([flow, value]) => {
      const details = resolve(value);
      const entry: NonNullable<SecurityScheme['flows']>[number] = { flow, scopes: Object.fromEntries(Object.entries(asRecord(details['scopes'])).map(([name, text]) => [name, String(text ?? '')])) };
      // `deviceAuthorizationUrl`: OpenAPI 3.2's `deviceAuthorization` flow.
      for (const url of ['authorizationUrl', 'tokenUrl', 'refreshUrl', 'deviceAuthorizationUrl'] as const) {
        const text = asString(details[url]);
        if (text) entry[url] = text;
      }
      return entry;
    });
  }
  if (type === 'openIdConnect') {
    const url = asString(raw['openIdConnectUrl']);
    if (url) scheme.openIdConnectUrl = url;
  }
  return scheme;
}

/** Every usable scheme of the description, by key, in document order. `resolve` follows `$ref`s. */
export function securitySchemes(document: OpenApiInput, resolve: (value: unknown) => Json): Map<string, SecurityScheme> {
  const schemes = new Map<string, SecurityScheme>();
  for (const [key, value] of Object.entries(asRecord(asRecord(document.components)['securitySchemes']))) {
    const scheme = toScheme(key, resolve(value), resolve);
    if (scheme) schemes.set(key, scheme);
  }
  return schemes;
}

/**
 * The alternatives that let a caller through, from the operation's `security` (an empty list
 * opens it) or else the document's. Requirements naming an unknown scheme are dropped, so the
 * reference never promises a scheme it cannot explain.
 */
export function requirementsOf(rawSecurity: unknown, schemes: ReadonlyMap<string, SecurityScheme>): SecurityRequirement[] {
  if (!Array.isArray(rawSecurity)) return [];
  return rawSecurity.flatMap((entry): SecurityRequirement[] => {
    const record = asRecord(entry);
    const requirement: SecurityRequirement = [];
    for (const [key, scopes] of Object.entries(record)) {
      const scheme = schemes.get(key);
      if (!scheme) return [];
      requirement.push({ scheme, scopes: Array.isArray(scopes) ? scopes.map(String) : [] });
    }
    return [requirement];
  });
}

/** `Authorization: Bearer <token>`, `api_key` in the query, … : where a scheme's credential goes, in words. */
export function credentialPlacement(scheme: SecurityScheme): string {
  switch (scheme.type) {
    case 'http':
      return scheme.scheme === 'basic' ? '`Authorization: Basic <base64 of user:password>`' : `\`Authorization: ${capitalise(scheme.scheme ?? 'bearer')} <${scheme.bearerFormat ?? 'token'}>\``;
    case 'apiKey':
      return scheme.in === 'query' ? `the query parameter \`${scheme.name}\`` : scheme.in === 'cookie' ? `the cookie \`${scheme.name}\`` : `the header \`${scheme.name}\``;
    case 'oauth2':
    case 'openIdConnect':
      return '`Authorization: Bearer <access token>`';
    case 'mutualTLS':
      return 'a client certificate (mutual TLS)';
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
