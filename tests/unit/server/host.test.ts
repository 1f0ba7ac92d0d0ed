import { describe, expect, it } from 'vitest';
import { headerHost, hostnameOf, hostPolicy, parseHost, requestHost } from '../../../src/server/host.ts';

// The one safe reading of the Host header (issue 39, items 1 and 3), shared by the front server,
// the sign-in routes, the MCP endpoint and the local sandbox.
describe('parseHost', () => {
  it('reads a name, an IPv4 or IPv6 address, with or without a port, lowercased', () => {
    expect(parseHost('Docs.Example.com')).toEqual({ host: 'docs.example.com', hostname: 'docs.example.com', port: '' });
    expect(parseHost('127.0.0.1:4321')).toEqual({ host: '127.0.0.1:4321', hostname: '127.0.0.1', port: '4321' });
    expect(parseHost('[::1]:80')).toEqual({ host: '[::1]', hostname: '[::1]', port: '' });
    expect(parseHost('my_service:4010')?.hostname).toBe('my_service');
  });

  it('refuses everything that is not one host: userinfo, paths, queries, spaces, bad ports, empty', () => {
    for (const value of ['a@localhost', 'a:b@localhost', 'localhost/x', 'localhost?x', 'localhost#x', 'local host', 'localhost:99999', 'localhost:x', '', ':80', '[::1', 'evil.example\\@localhost', `${'a'.repeat(400)}.example`, 'localhost, evil.example']) {
      expect(parseHost(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});

describe('requestHost and headerHost', () => {
  it('tell a missing Host from a malformed one, and two Host headers are malformed', () => {
    expect(requestHost(['Accept', '*/*'])).toBe('absent');
    expect(requestHost(['Host', 'localhost:1', 'host', 'evil.example'])).toBe('malformed');
    expect(requestHost(['HOST', 'a@localhost'])).toBe('malformed');
    expect(requestHost(['Host', 'localhost:1'])).toMatchObject({ hostname: 'localhost' });
    expect(headerHost(null)).toBe('absent');
    expect(headerHost('localhost, evil.example')).toBe('malformed');
  });
});

describe('hostPolicy', () => {
  it('allows loopback names and the given names on any port; refuses every other name', () => {
    const verdict = hostPolicy(['https://docs.example.com', 'sandbox', 'api.local:8080']);
    for (const value of ['localhost:4321', '127.0.0.1', '[::1]:9', 'docs.example.com', 'docs.example.com:8443', 'sandbox:4010', 'api.local']) expect(verdict(headerHost(value)), value).toBe('allowed');
    for (const value of ['evil.example', 'docs.example.com.evil.example', 'localhost.evil.example', '127.0.0.2']) expect(verdict(headerHost(value)), value).toBe('foreign');
    expect(verdict(headerHost('a@localhost'))).toBe('malformed');
    expect(verdict('absent')).toBe('absent');
  });

  it('names configured origins and hosts by their host name', () => {
    expect(hostnameOf('https://Docs.Example.com:8443/x')).toBe('docs.example.com');
    expect(hostnameOf('sandbox:4010')).toBe('sandbox');
    expect(hostnameOf('a@b')).toBeUndefined();
  });
});
