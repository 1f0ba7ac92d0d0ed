import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { loadError, siteWith } from './support.ts';

const SITE = 'title: Docs\nurl: https://docs.example\n';

describe('api: in site.yml is optional and generic', () => {
  it('has no default hosts: base URLs come from the descriptions', () => {
    const { model, warnings } = loadSite(siteWith({ 'config/site.yml': SITE }), {});
    expect(model.config.api).toEqual({ servers: {}, sendToRealApi: false });
    expect(warnings.map((warning) => warning.message).join('\n')).not.toContain('api.');
  });

  it('the deprecated api.partnersBaseUrl still builds: it becomes an api.servers entry for each server operations declare for themselves, with a warning printing the exact lines', () => {
    const description = [
      'openapi: 3.1.0',
      'info: { title: T, version: "1" }',
      'servers: [{ url: "https://api.example.com/v1" }]',
      'paths:',
      '  /routes:',
      '    servers: [{ url: "https://partners.example.com/v2" }]',
      '    post: { operationId: publish, responses: { "201": { description: ok } } }',
      '  /items:',
      '    get: { operationId: list, responses: { "200": { description: ok } } }',
    ].join('\n');
    const root = siteWith({
      'config/site.yml': `${SITE}api:\n  baseUrl: https://api.example.com/v1\n  partnersBaseUrl: https://partners-staging.example.com/v2\n`,
      'content/1.0/openapi.yaml': description,
    });
    const { model, warnings } = loadSite(root, {});
    expect(model.config.api).toEqual({ baseUrl: 'https://api.example.com/v1', servers: { 'https://partners.example.com/v2': 'https://partners-staging.example.com/v2' }, sendToRealApi: false });
    const warning = warnings.find((entry) => entry.message.includes('partnersBaseUrl'))!;
    expect(warning.file).toBe('config/site.yml:5');
    expect(warning.message).toContain('deprecated');
    expect(warning.message).toContain('api:\n  servers:\n    "https://partners.example.com/v2": https://partners-staging.example.com/v2\n');
  });

  it('api.servers written beside the deprecated key wins, and the key with no server to replace says to remove it', () => {
    const description = 'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths:\n  /a:\n    servers: [{ url: "https://own.example.com" }]\n    get: { responses: { "200": { description: ok } } }\n';
    const both = siteWith({ 'config/site.yml': `${SITE}api:\n  partnersBaseUrl: https://b.example.com\n  servers:\n    "https://own.example.com": https://a.example.com\n`, 'content/1.0/openapi.yaml': description });
    expect(loadSite(both, {}).model.config.api.servers).toEqual({ 'https://own.example.com': 'https://a.example.com' });
    const none = siteWith({ 'config/site.yml': `${SITE}api:\n  partnersBaseUrl: https://b.example.com\n` });
    expect(loadSite(none, {}).warnings.map((entry) => entry.message).join('\n')).toContain('changes nothing: remove it');
  });

  it('takes servers by their URL in the description, and the real-API switch', () => {
    const { model } = loadSite(siteWith({ 'config/site.yml': `${SITE}api:\n  servers:\n    "https://{region}.example.com": https://eu.example.com\n  sendToRealApi: true\n` }), {});
    expect(model.config.api).toEqual({ servers: { 'https://{region}.example.com': 'https://eu.example.com' }, sendToRealApi: true });
  });

  it('a replacement that is not an absolute URL names the field and the fix', () => {
    const message = loadError(siteWith({ 'config/site.yml': `${SITE}api:\n  servers:\n    "https://x.example.com": /relative\n` }));
    expect(message).toMatch(/^config\/site\.yml:5:30: `api\.servers\.https:\/\/x\.example\.com` /);
    expect(message).toContain('absolute http(s) URL');
  });
});
