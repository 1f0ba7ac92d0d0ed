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

  it('the removed per-operation key is a mistake naming the keys api takes (its replacement, api.servers, among them)', () => {
    const message = loadError(siteWith({ 'config/site.yml': `${SITE}api:\n  baseUrl: https://api.example.com/v1\n  partnersBaseUrl: https://partners.example.com/v2\n` }));
    expect(message).toContain('config/site.yml:5:3: `api.partnersBaseUrl` unknown key `partnersBaseUrl`.');
    expect(message).toContain('allowed keys here: baseUrl, servers, sendToRealApi');
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
