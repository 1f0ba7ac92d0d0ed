import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { leftOutWarnings, loadEventApis, publicEventApis, publishedEventApis, type LoadedEventApi } from '../../../src/asyncapi/load.ts';
import { loadSite } from '../../../src/config/load.ts';
import { guardBuildOutput } from '../../../src/integration/discovery-guard.ts';
import { parseEventApi } from '../../../src/asyncapi/parse.ts';
import { authSchema } from '../../../src/config/schemas/auth.ts';
import { eventDescriptionCanaries } from '../../../src/discovery/event-canaries.ts';
import { gatedEventDocuments } from '../../../src/integration/gated-search.ts';
import { PROJECT_ROOT } from '../../e2e/support/sites.ts';

// Event APIs (AsyncAPI) gated by roles (`apis: [{ id, roles }]` in site.yml), as OpenAPI APIs gated by roles are.

const KRAKEN = readFileSync(join(PROJECT_ROOT, 'tests/fixtures/asyncapi/kraken-3.1.yml'), 'utf8');

async function loaded(id: string, roles: string[]): Promise<LoadedEventApi> {
  const api = await parseEventApi(KRAKEN, `content/v1/apis/${id}/asyncapi.yml`);
  return { key: `v1~${id}`, version: 'v1', id, file: `content/v1/apis/${id}/asyncapi.yml`, api, title: api.title, roles };
}

const auth = (settings: Record<string, unknown>) => ({ auth: authSchema.parse(settings) });

describe('which event APIs a build publishes', () => {
  it('with sign-in on, the gated one too (the server renders it); static files hold the public one only', async () => {
    const events = [await loaded('open', []), await loaded('desk', ['partner'])];
    const published = publishedEventApis(events, auth({ enabled: true }));
    expect(published.map((entry) => entry.id)).toEqual(['open', 'desk']);
    expect(publicEventApis(published).map((entry) => entry.id)).toEqual(['open']);
    expect(leftOutWarnings(events, published, auth({ enabled: true }))).toEqual([]);
  });

  it('with sign-in off, the gated one is left out with a warning naming sign-in; on a login-only site every one, naming requireLogin', async () => {
    const events = [await loaded('open', []), await loaded('desk', ['partner'])];
    const off = publishedEventApis(events, auth({}));
    expect(off.map((entry) => entry.id)).toEqual(['open']);
    expect(leftOutWarnings(events, off, auth({}))).toEqual([{ file: 'content/v1/apis/desk/asyncapi.yml', message: expect.stringContaining('sign-in is off (`auth.enabled` in config/site.yml)') }]);
    const loginOnly = auth({ enabled: true, requireLogin: true });
    expect(publishedEventApis(events, loginOnly)).toEqual([]);
    expect(leftOutWarnings(events, [], loginOnly).map((warning) => warning.message)).toEqual([expect.stringContaining('`auth.requireLogin`'), expect.stringContaining('`auth.requireLogin`')]);
  });
});

describe('the leak guard\'s canaries of a gated AsyncAPI description', () => {
  it('hold its descriptions, its operations\' ids and its messages\' names, minus what public text holds', () => {
    const texts = eventDescriptionCanaries(parse(KRAKEN), 'public text that names systemStatus').map((canary) => canary.text);
    expect(texts).toContain('receivePing');
    expect(texts).toContain('subscriptionStatus');
    expect(texts).toContain('dummyCurrencyInfo');
    expect(texts).toContain('Kraken Websockets API');
    expect(texts.some((text) => text.startsWith('Subscription status response to subscribe'))).toBe(true);
    // In public text: no canary. One plain word (`heartbeat`): no canary either, any script may hold it.
    expect(texts).not.toContain('systemStatus');
    expect(texts).not.toContain('heartbeat');
  });
});

describe('the leak guard of a build with a gated event API', () => {
  it('passes a clean public folder, and fails on an operation id or a description of it in any public file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gated-events-'));
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), root, { recursive: true });
    mkdirSync(join(root, 'content/1.0/apis/desk'), { recursive: true });
    writeFileSync(join(root, 'content/1.0/apis/desk/asyncapi.yml'), KRAKEN);
    writeFileSync(join(root, 'config/site.yml'), `${readFileSync(join(root, 'config/site.yml'), 'utf8')}apis:\n  - { id: desk, roles: [partner] }\nauth: { enabled: true }\n`);
    const { model } = loadSite(root);
    const events = publishedEventApis(await loadEventApis(root, model), model.config);
    const out = mkdtempSync(join(tmpdir(), 'gated-events-out-'));
    writeFileSync(join(out, 'index.html'), '<!doctype html><title>Fixture Docs</title><p>A small site for tests.</p>');
    const clean = await guardBuildOutput(out, model, root, undefined, events);
    expect(clean).toMatchObject({ privateVersions: ['1.0'] });
    expect(clean.canaries).toBeGreaterThan(20);
    mkdirSync(join(out, '_astro'));
    writeFileSync(join(out, '_astro/chunk.js'), 'export const ops=["receivePing"];');
    await expect(guardBuildOutput(out, model, root, undefined, events)).rejects.toThrow('_astro/chunk.js: contains "receivePing", the operation id at /operations/receivePing of version 1.0\'s API description');
    writeFileSync(join(out, '_astro/chunk.js'), 'Subscription status response to subscribe, unsubscribe or exchange initiated unsubscribe.');
    await expect(guardBuildOutput(out, model, root, undefined, events)).rejects.toThrow(/_astro\/chunk\.js: contains "Subscription status response to subscribe/);
  });
});

describe('the private search index of a gated event API', () => {
  it('has its overview and operations, each needing one of its roles; a public event API has none', async () => {
    const documents = gatedEventDocuments([await loaded('open', []), await loaded('desk', ['partner', 'staff'])]);
    expect(documents.map((document) => document.slug)).toEqual(['reference/desk', 'reference/desk/receive-ping', 'reference/desk/heartbeat', 'reference/desk/system-status', 'reference/desk/subscribe', 'reference/desk/unsubscribe']);
    expect(new Set(documents.map((document) => JSON.stringify(document.requires)))).toEqual(new Set(['[["partner","staff"]]']));
    expect(documents[0]!.markdown()).toMatch(/^# Kraken Websockets API\n\n/);
    expect(documents.find((document) => document.slug === 'reference/desk/subscribe')!.markdown()).toContain('You send on `/`'.replaceAll('`', ''));
  });
});
