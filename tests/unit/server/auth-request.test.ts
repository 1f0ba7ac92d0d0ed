import { describe, expect, it } from 'vitest';
import { authAction, canonicalAuthPost, readerAddress, refusedForCsrf } from '../../../src/server/auth-request.ts';

const post = (path: string, body: string, type = 'application/x-www-form-urlencoded') =>
  new Request(`http://docs.example${path}`, { method: 'POST', headers: { 'content-type': type }, body });

describe('the Auth.js action of a path', () => {
  it('drops empty segments, as Auth.js does, so no spelling hides the credentials callback', () => {
    for (const path of ['/api/auth/callback/credentials', '/api/auth/callback/credentials/', '/api/auth//callback//credentials']) {
      expect(authAction(path, '/api/auth')).toEqual(['callback', 'credentials']);
    }
    expect(authAction('/docs/api/auth/signout', '/docs/api/auth')).toEqual(['signout']);
    expect(authAction('/elsewhere', '/api/auth')).toEqual([]);
  });
});

describe('canonical sign-in posts', () => {
  it('rebuilds the request with one canonical path and body', async () => {
    const result = await canonicalAuthPost(post('/api/auth/callback/credentials/', 'username=pat&password=x&csrfToken=t'), '/api/auth', 65536);
    if ('refused' in result) throw new Error(result.reason);
    expect(result.action).toEqual(['callback', 'credentials']);
    expect(new URL(result.request.url).pathname).toBe('/api/auth/callback/credentials');
    expect(result.fields.get('username')).toBe('pat');
    expect(await result.request.text()).toBe('username=pat&password=x&csrfToken=t');
  });

  it('refuses a repeated field, so the limiter and Auth.js cannot read different usernames', async () => {
    expect(await canonicalAuthPost(post('/api/auth/callback/credentials', 'username=a&username=admin&password=x'), '/api/auth', 65536)).toMatchObject({ refused: 400 });
  });

  it('refuses anything but a urlencoded form (Auth.js would parse JSON differently)', async () => {
    expect(await canonicalAuthPost(post('/api/auth/callback/credentials', '{"username":"admin"}', 'application/json'), '/api/auth', 65536)).toMatchObject({ refused: 415 });
    expect(await canonicalAuthPost(post('/api/auth/callback/credentials', 'username=a', 'application/x-www-form-urlencoded;x=application/json'), '/api/auth', 65536)).not.toHaveProperty('refused');
    expect(await canonicalAuthPost(post('/api/auth/callback/credentials', 'username=a', 'text/plain'), '/api/auth', 65536)).toMatchObject({ refused: 415 });
  });
});

describe('sign-in post size', () => {
  it('refuses a form over the limit with 413 without reading past it', async () => {
    const big = `username=pat&password=${'x'.repeat(70_000)}`;
    expect(await canonicalAuthPost(post('/api/auth/callback/credentials', big), '/api/auth', 65536)).toMatchObject({ refused: 413 });
    expect(await canonicalAuthPost(post('/api/auth/callback/credentials', 'username=pat&password=x'), '/api/auth', 65536)).not.toHaveProperty('refused');
  });
});

describe('the reader address', () => {
  it('is the peer unless proxies are trusted; then the entry the outermost trusted proxy appended', () => {
    expect(readerAddress('1.1.1.1', '10.0.0.2', 0)).toBe('10.0.0.2');
    expect(readerAddress('6.6.6.6, 203.0.113.7', '10.0.0.2', 1)).toBe('203.0.113.7');
    expect(readerAddress('6.6.6.6, 203.0.113.7, 10.0.0.9', '10.0.0.2', 2)).toBe('203.0.113.7');
    expect(readerAddress(null, '10.0.0.2', 1)).toBe('10.0.0.2');
    expect(readerAddress('203.0.113.7', '10.0.0.2', 2)).toBe('10.0.0.2');
  });
});

describe('what Auth.js answered', () => {
  it('only a redirect to ?error=MissingCSRF says the post was refused before the password check', () => {
    expect(refusedForCsrf('https://docs.example/login?error=MissingCSRF')).toBe(true);
    expect(refusedForCsrf('/docs/login?error=MissingCSRF')).toBe(true);
    expect(refusedForCsrf('/login?error=CredentialsSignin&code=credentials')).toBe(false);
    expect(refusedForCsrf('/login?error=Configuration')).toBe(false);
    expect(refusedForCsrf('http://[bad')).toBe(false);
    expect(refusedForCsrf(null)).toBe(false);
  });
});
