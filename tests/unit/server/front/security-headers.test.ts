import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { siteSchema } from '../../../../src/config/schemas/site.ts';
import { THEME_SCRIPT } from '../../../../src/layouts/theme-script.ts';
import { contentSecurityPolicy, inlineScriptHash, securityHeaders } from '../../../../src/server/front/security-headers.ts';

const site = (extra: object = {}) => siteSchema.parse({ title: 'Docs', url: 'https://docs.example', ...extra });

describe('the Content-Security-Policy', () => {
  it('allows scripts from the site and the theme script by its hash, and nothing inline besides', () => {
    const hash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
    expect(inlineScriptHash(THEME_SCRIPT)).toBe(hash);
    expect(contentSecurityPolicy(site())).toBe(`script-src 'self' 'wasm-unsafe-eval' ${hash}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`);
  });

  it('lets forms go on to the OpenID Connect issuer, and takes the sources a site adds', () => {
    const policy = contentSecurityPolicy(
      site({
        auth: { enabled: true, oidc: { issuer: 'https://login.example.com/realms/docs', clientId: 'docs' } },
        security: { contentSecurityPolicy: { 'script-src': ['https://plausible.io'], 'frame-ancestors': ['https://portal.example.com'] } },
      }),
    )!;
    expect(policy).toContain("form-action 'self' https://login.example.com;");
    expect(policy).toMatch(/^script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+' https:\/\/plausible\.io;/);
    expect(policy).toMatch(/frame-ancestors https:\/\/portal\.example\.com$/);
  });

  it('a site that lets others frame it gets no X-Frame-Options; `false` sends no policy at all', () => {
    expect(securityHeaders(site({ security: { contentSecurityPolicy: { 'frame-ancestors': ['https://portal.example.com'] } } })).always['X-Frame-Options']).toBeUndefined();
    const off = securityHeaders(site({ security: { contentSecurityPolicy: false } }));
    expect(off.always['Content-Security-Policy']).toBeUndefined();
    expect(off.always['X-Frame-Options']).toBe('DENY');
    expect(off.https).toEqual({ 'Strict-Transport-Security': 'max-age=31536000' });
  });

  it('refuses a source that would break the header, naming the rule', () => {
    const result = siteSchema.safeParse({ title: 'Docs', url: 'https://docs.example', security: { contentSecurityPolicy: { 'script-src': ["https://a.example; script-src 'unsafe-inline'"] } } });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('must be one CSP source');
    expect(siteSchema.safeParse({ title: 'Docs', url: 'https://docs.example', security: { contentSecurityPolicy: { 'style-src': ['https://a.example'] } } }).success).toBe(false);
  });
});
