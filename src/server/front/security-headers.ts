import { createHash } from 'node:crypto';
import type { SiteConfig } from '../../config/schemas/site.ts';
import { THEME_SCRIPT } from '../../layouts/theme-script.ts';
import { providerOrigins } from '../../analytics/providers.ts';

/**
 * The headers every answer of the front server carries, static files and on-demand pages alike.
 * Pure: computed once at start from the site's config.
 *
 * The Content-Security-Policy is a strict policy in Google's sense: scripts only from this origin
 * plus the hash of the one inline script every page has (the theme), WebAssembly for the search
 * index, no plugins, no `<base>` elsewhere, forms only to this origin (and the OpenID Connect
 * issuer the sign-in button posts on to), and no framing; the origins of the site's analytics
 * providers (`analytics:` in site.yml) are added to `script-src` by themselves. Styles, images and connections are left
 * open: code blocks colour tokens with style attributes, pages may show images from anywhere, and
 * the console's real-API mode calls the described servers.
 */
export interface SecurityHeaders {
  /** On every response. */
  always: Readonly<Record<string, string>>;
  /** Also on responses to requests that reached the site over https. */
  https: Readonly<Record<string, string>>;
}

/** One year, as browsers' preload lists ask; subdomains are not the site's to decide. */
const HSTS = 'max-age=31536000';

type HeaderConfig = Pick<SiteConfig, 'security' | 'auth'> & Partial<Pick<SiteConfig, 'analytics'>>;

export function securityHeaders(config: HeaderConfig): SecurityHeaders {
  const policy = contentSecurityPolicy(config);
  return {
    always: {
      ...(policy ? { 'Content-Security-Policy': policy } : {}),
      // For older browsers that ignore frame-ancestors; a site that lets others frame it sends none.
      ...(framedByOthers(config) ? {} : { 'X-Frame-Options': 'DENY' }),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    },
    https: { 'Strict-Transport-Security': HSTS },
  };
}

/** The policy, or undefined when the site turned it off (`security.contentSecurityPolicy: false`). */
export function contentSecurityPolicy(config: HeaderConfig): string | undefined {
  const extra = config.security.contentSecurityPolicy;
  if (extra === false) return undefined;
  const issuer = config.auth.oidc ? [new URL(config.auth.oidc.issuer).origin] : [];
  const directives: [string, string[]][] = [
    ['script-src', ["'self'", "'wasm-unsafe-eval'", inlineScriptHash(THEME_SCRIPT), ...providerOrigins(config.analytics ?? []), ...(extra['script-src'] ?? [])]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", ...issuer, ...(extra['form-action'] ?? [])]],
    ['frame-ancestors', extra['frame-ancestors']?.length ? extra['frame-ancestors'] : ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`).join('; ');
}

/** `'sha256-…'` of an inline script's text, as browsers compute it. */
export function inlineScriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function framedByOthers(config: HeaderConfig): boolean {
  const extra = config.security.contentSecurityPolicy;
  return extra !== false && (extra['frame-ancestors']?.length ?? 0) > 0;
}
