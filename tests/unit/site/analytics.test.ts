import { describe, expect, it } from 'vitest';
import { boundedProps, MAX_PROP_LENGTH, providerOrigins, providerScript } from '../../../src/analytics/providers.ts';
import { loadSite } from '../../../src/config/load.ts';
import { feedbackShown } from '../../../src/lib/feedback.ts';
import { contentSecurityPolicy } from '../../../src/server/front/security-headers.ts';
import { loadError, siteWith } from './support.ts';

const SITE = 'title: Docs\nurl: https://docs.example\n';
const config = (yaml: string) => loadSite(siteWith({ 'config/site.yml': `${SITE}${yaml}` }), {}).model.config;

describe('analytics providers', () => {
  it('load the script each documents, with its site key, and default to the provider\'s cloud', () => {
    expect(providerScript({ provider: 'plausible', domain: 'docs.example' })).toEqual({ src: 'https://plausible.io/js/script.js', attributes: { 'data-domain': 'docs.example' } });
    expect(providerScript({ provider: 'plausible', domain: 'docs.example', src: 'https://stats.example/js/script.js' }).src).toBe('https://stats.example/js/script.js');
    expect(providerScript({ provider: 'umami', websiteId: 'abc' })).toEqual({ src: 'https://cloud.umami.is/script.js', attributes: { 'data-website-id': 'abc' } });
    expect(providerScript({ provider: 'google-analytics', measurementId: 'G-ABC123' }).src).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123');
    expect(providerScript({ provider: 'posthog', apiKey: 'phc_x', host: 'https://eu.i.posthog.com' }).src).toBe('https://eu-assets.i.posthog.com/static/array.js');
    expect(providerScript({ provider: 'posthog', apiKey: 'phc_x', host: 'https://ph.example.com/ingest' }).src).toBe('https://ph.example.com/static/array.js');
  });

  it('their script origins join the Content-Security-Policy\'s script-src, once each, and only theirs', () => {
    const site = config('analytics:\n  - { provider: plausible, domain: docs.example }\n  - { provider: google-analytics, measurementId: G-ABC123 }\n  - { provider: posthog, apiKey: phc_abc }\n');
    expect(providerOrigins(site.analytics)).toEqual(['https://plausible.io', 'https://www.googletagmanager.com', 'https://us-assets.i.posthog.com']);
    const policy = contentSecurityPolicy(site)!;
    expect(policy).toMatch(/^script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+' https:\/\/plausible\.io https:\/\/www\.googletagmanager\.com https:\/\/us-assets\.i\.posthog\.com;/);
    expect(contentSecurityPolicy(config(''))!).toMatch(/^script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+';/);
  });

  it('event properties are cut to a bound (a pasted query cannot grow an event)', () => {
    expect(boundedProps({ query: 'x'.repeat(5_000), results: 3 })).toEqual({ query: 'x'.repeat(MAX_PROP_LENGTH), results: 3 });
  });

  it('a mistyped provider or key names the line, the nearest provider and the choices', () => {
    expect(loadError(siteWith({ 'config/site.yml': `${SITE}analytics:\n  - { provider: plausable, domain: docs.example }\n` }))).toBe(
      'config/site.yml:4:17: `analytics[0].provider` is the string "plausable", which is not allowed.\n  Fix: did you mean "plausible"? If not, use one of: "plausible", "umami", "google-analytics", "posthog".',
    );
    expect(loadError(siteWith({ 'config/site.yml': `${SITE}analytics:\n  - { provider: google-analytics, measurementId: UA-1234 }\n` }))).toContain('`analytics[0].measurementId` must be a Google Analytics 4 measurement id, like G-ABC123XYZ');
    expect(loadError(siteWith({ 'config/site.yml': `${SITE}analytics:\n  - { provider: umami }\n` }))).toContain('`analytics[0].websiteId` is required but missing.');
  });
});

describe('the feedback control', () => {
  it('shows when on and its answers go somewhere: a provider or the site\'s collector', () => {
    expect(feedbackShown(config(''))).toBe(false);
    expect(feedbackShown(config('feedback:\n  endpoint: https://collect.example/feedback\n'))).toBe(true);
    expect(feedbackShown(config('analytics:\n  - { provider: umami, websiteId: abc }\n'))).toBe(true);
    expect(feedbackShown(config('analytics:\n  - { provider: umami, websiteId: abc }\nfeedback:\n  enabled: false\n'))).toBe(false);
  });
});
