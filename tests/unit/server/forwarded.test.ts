import { describe, expect, it } from 'vitest';
import { acceptedOrigin, asReaderSent, forwardedScheme, publicOrigin, untrustedForwardingNotice } from '../../../src/server/forwarded.ts';

const SITE = 'https://docs.example.com';
const request = (headers: Record<string, string>, url = 'http://localhost:4321/api/auth/signin') => new Request(url, { headers });

describe('the forwarded scheme', () => {
  it('is believed only from trusted proxies, at the entry the outermost of them set', () => {
    expect(forwardedScheme('https', 0)).toBeUndefined();
    expect(forwardedScheme('https', 1)).toBe('https');
    expect(forwardedScheme('http, https', 1)).toBe('https');
    expect(forwardedScheme('https, http', 2)).toBe('https');
    // Proxies that overwrite leave one entry whatever their number.
    expect(forwardedScheme('https', 2)).toBe('https');
    expect(forwardedScheme('gopher', 1)).toBeUndefined();
    expect(forwardedScheme(undefined, 1)).toBeUndefined();
  });
});

describe('the origin the reader used', () => {
  it('is the site\'s url for the site\'s host, even when no proxy says https', () => {
    expect(publicOrigin(request({ host: 'docs.example.com' }), SITE, 0).href).toBe('https://docs.example.com/');
    expect(publicOrigin(request({ host: 'DOCS.example.com:80' }), SITE, 0).href).toBe('https://docs.example.com/');
  });

  it('on a loopback host, that host with the connection\'s scheme; a client\'s X-Forwarded-Proto is ignored', () => {
    expect(publicOrigin(request({ host: '127.0.0.1:4321', 'x-forwarded-proto': 'https' }), SITE, 0).href).toBe('http://127.0.0.1:4321/');
    expect(publicOrigin(request({ host: 'localhost:4321', 'x-forwarded-proto': 'https' }), SITE, 1).href).toBe('https://localhost:4321/');
    // A Host that is not a host falls back to the request's URL.
    expect(publicOrigin(request({ host: 'evil.example/path' }), SITE, 0).href).toBe('http://localhost:4321/');
  });

  it('for any other host, the site\'s url: no answer names a host the client chose (issue 39, item 6)', () => {
    for (const host of ['evil.example', '10.0.0.5', 'docs.example.com.evil.example', 'localhost.evil.example:4321']) {
      expect(publicOrigin(request({ host }), SITE, 0).href, host).toBe('https://docs.example.com/');
      expect(publicOrigin(request({ host, 'x-forwarded-proto': 'http' }), SITE, 1).href, host).toBe('https://docs.example.com/');
    }
    const sent = asReaderSent(request({ host: 'evil.example' }), SITE, 0);
    expect(sent.url).toBe('https://docs.example.com/api/auth/signin');
    expect(sent.headers.get('x-forwarded-host')).toBe('docs.example.com');
  });

  it('the request as the reader sent it restates the forwarded headers, so Auth.js builds its URLs on that origin', () => {
    const sent = asReaderSent(request({ host: 'docs.example.com', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }), SITE, 0);
    expect(sent.url).toBe('https://docs.example.com/api/auth/signin');
    expect(sent.headers.get('x-forwarded-host')).toBe('docs.example.com');
    expect(sent.headers.get('x-forwarded-proto')).toBe('https');
  });

  it('keeps a posted body readable', async () => {
    const sent = asReaderSent(new Request('http://localhost/api/auth/callback/credentials', { method: 'POST', body: 'a=1', headers: { host: 'localhost' } }), SITE, 0);
    expect(await sent.text()).toBe('a=1');
  });
});

describe('the Origin of a state-changing call (issue 39, item 7)', () => {
  it('none, the site\'s, or the one the reader used is accepted; any other page, and null, is not', () => {
    const post = (origin: string | undefined, host = 'docs.example.com') => request({ host, ...(origin === undefined ? {} : { origin }) });
    expect(acceptedOrigin(post(undefined), SITE, 0)).toBe(true);
    expect(acceptedOrigin(post('https://docs.example.com'), SITE, 0)).toBe(true);
    expect(acceptedOrigin(post('http://127.0.0.1:4321', '127.0.0.1:4321'), SITE, 0)).toBe(true);
    for (const origin of ['https://evil.example', 'null', 'http://docs.example.com', 'https://docs.example.com.evil.example', 'http://127.0.0.1:9999']) {
      expect(acceptedOrigin(post(origin, '127.0.0.1:4321'), SITE, 0), origin).toBe(false);
    }
    // A forged Host does not make its own origin acceptable.
    expect(acceptedOrigin(post('http://evil.example', 'evil.example'), SITE, 0)).toBe(false);
  });
});

describe('X-Forwarded-For with no trusted proxy', () => {
  it('is noticed once in the log (behind an undeclared proxy every reader would share one address), never with trusted hops', () => {
    const lines: string[] = [];
    const notice = untrustedForwardingNotice((line) => lines.push(line));
    notice(null, 0);
    notice('203.0.113.7', 1);
    expect(lines).toEqual([]);
    notice('203.0.113.7', 0);
    notice('198.51.100.1', 0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('CARAVAN_DOCS_TRUSTED_PROXY_HOPS');
  });
});
