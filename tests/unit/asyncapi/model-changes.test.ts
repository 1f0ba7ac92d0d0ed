import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEventApis } from '../../../src/asyncapi/load.ts';
import { eventMarkdownFiles } from '../../../src/asyncapi/markdown.ts';
import { eventCatalog } from '../../../src/asyncapi/catalog.ts';
import { modelChanges } from '../../../src/asyncapi/model-changes.ts';
import { parseEventApi } from '../../../src/asyncapi/parse.ts';
import { loadSite } from '../../../src/config/load.ts';
import { PROJECT_ROOT } from '../../e2e/support/sites.ts';

const fixture = (name: string) => readFileSync(join(PROJECT_ROOT, 'tests/fixtures/asyncapi', name), 'utf8');
const texts = (changes: ReadonlyArray<{ kind: string; text: string }>) => changes.map((change) => `${change.kind}: ${change.text}`);

describe('the changelog across AsyncAPI versions, operation by operation', () => {
  it('finds nothing between the 2.6 and the 3.1 description of the same API', async () => {
    const [gemini26, gemini31] = await Promise.all([parseEventApi(fixture('gemini-2.6.yml'), 'a.yml'), parseEventApi(fixture('gemini-3.1.yml'), 'b.yml')]);
    expect(modelChanges(gemini26, gemini31)).toEqual([]);
    const [mqtt26, kafka31] = await Promise.all([parseEventApi(fixture('streetlights-mqtt-2.6.yml'), 'a.yml'), parseEventApi(fixture('streetlights-kafka-3.1.yml'), 'b.yml')]);
    // The same operations over another protocol: only the addresses (MQTT topics, Kafka topics) differ.
    expect(texts(modelChanges(mqtt26, kafka31))).toEqual([
      'breaking: Operation `receiveLightMeasurement`: its address changed from `smartylighting/streetlights/1/0/event/{streetlightId}/lighting/measured` to `smartylighting.streetlights.1.0.event.{streetlightId}.lighting.measured`.',
      'breaking: Operation `turnOn`: its address changed from `smartylighting/streetlights/1/0/action/{streetlightId}/turn/on` to `smartylighting.streetlights.1.0.action.{streetlightId}.turn.on`.',
      'breaking: Operation `turnOff`: its address changed from `smartylighting/streetlights/1/0/action/{streetlightId}/turn/off` to `smartylighting.streetlights.1.0.action.{streetlightId}.turn.off`.',
      'breaking: Operation `dimLight`: its address changed from `smartylighting/streetlights/1/0/action/{streetlightId}/dim` to `smartylighting.streetlights.1.0.action.{streetlightId}.dim`.',
    ]);
  });

  it('judges each change from the reader\'s side: what they send, what they receive, and replies', async () => {
    const before = await parseEventApi(`asyncapi: 2.6.0
info: { title: Orders, version: '1' }
channels:
  orders:
    publish:
      operationId: placeOrder
      message:
        name: order
        payload: { type: object, properties: { sku: { type: string }, note: { type: string } } }
  fills:
    subscribe:
      operationId: fills
      message:
        name: fill
        payload: { type: object, properties: { price: { type: number }, venue: { type: string } } }
  audit:
    subscribe:
      operationId: audit
      message: { name: entry, payload: { type: string } }
`, 'a.yml');
    const after = await parseEventApi(`asyncapi: 3.0.0
info: { title: Orders, version: '2' }
channels:
  orders:
    address: orders
    messages:
      order:
        name: order
        payload: { type: object, required: [account], properties: { sku: { type: string, maxLength: 12 }, note: { type: string }, account: { type: string } } }
  fills:
    address: fills
    messages:
      fill:
        name: fill
        payload: { type: object, properties: { price: { type: number } } }
      bust:
        name: bust
        payload: { type: object }
  quotes:
    address: quotes
    messages:
      quote: { name: quote, payload: { type: number } }
operations:
  placeOrder: { action: receive, channel: { $ref: '#/channels/orders' }, reply: { channel: { $ref: '#/channels/fills' } } }
  fills: { action: send, channel: { $ref: '#/channels/fills' } }
  quotes: { action: send, channel: { $ref: '#/channels/quotes' } }
`, 'b.yml');
    expect(texts(modelChanges(before, after))).toEqual([
      'breaking: Operation `placeOrder`: New required field `account` of the payload of message `order`.',
      'breaking: Operation `placeOrder`: The field `sku` of the payload of message `order` must now have at most 12 characters.',
      'breaking: Operation `placeOrder`: a reply added.',
      'breaking: Operation `fills`: The field `venue` of the payload of message `fill` was removed.',
      'breaking: Operation `fills`: message `bust` added.',
      'non-breaking: Operation `quotes` added.',
      'breaking: Operation `audit` removed.',
    ]);
  });
});

/** The event API `market` of versions 1 and 2 of a site, as the build loads it in version 2. */
async function versionTwo(first: string, second: string) {
  const root = mkdtempSync(join(tmpdir(), 'event-across-'));
  const files: Record<string, string> = {
    'config/site.yml': 'title: Feeds\nurl: https://docs.feeds.example\n',
    'config/versions.yml': '- { id: "2", label: "2", stable: true }\n- { id: "1", label: "1", stable: true }\n',
    'content/1/nav.yml': '- slug: overview\n',
    'content/1/overview.md': '---\ntitle: Overview\n---\n\nOne.\n',
    'content/1/apis/market/asyncapi.yml': first,
    'content/2/nav.yml': '- slug: overview\n',
    'content/2/overview.md': '---\ntitle: Overview\n---\n\nTwo.\n',
    'content/2/apis/market/asyncapi.yml': second,
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return (await loadEventApis(root, loadSite(root).model)).find((entry) => entry.version === '2')!;
}

describe('operations matched across versions', () => {
  it('an operation split in two on one address keeps its old self once: the other half is new', async () => {
    const before = await parseEventApi(`asyncapi: 2.6.0
info: { title: Feed, version: '1' }
channels:
  feed:
    subscribe:
      operationId: onFeed
      message: { name: tick, payload: { type: object } }
`, 'a.yml');
    const after = await parseEventApi(`asyncapi: 3.0.0
info: { title: Feed, version: '2' }
channels:
  feed:
    address: feed
    messages:
      tick: { name: tick, payload: { type: object } }
      halt: { name: halt, payload: { type: object } }
operations:
  receiveTicks: { action: send, channel: { $ref: '#/channels/feed' }, messages: [{ $ref: '#/channels/feed/messages/tick' }] }
  receiveHalts: { action: send, channel: { $ref: '#/channels/feed' }, messages: [{ $ref: '#/channels/feed/messages/halt' }] }
`, 'b.yml');
    expect(texts(modelChanges(before, after))).toEqual(['non-breaking: Operation `receiveHalts` added.']);
  });
});

describe('an event API\'s "Changes since" page when @asyncapi/diff cannot compare its versions', () => {
  it('compares a recursive schema\'s versions operation by operation, and does not blame the AsyncAPI versions', async () => {
    // @asyncapi/diff overflows its stack on the parser's resolved cycle.
    const tree = (extra: string) => `asyncapi: 3.0.0\ninfo: { title: Tree, version: '1' }\nchannels:\n  t:\n    address: t\n    messages:\n      node:\n        payload: { $ref: '#/components/schemas/Node' }\noperations:\n  getTree: { action: send, channel: { $ref: '#/channels/t' } }\ncomponents:\n  schemas:\n    Node: { type: object, properties: { name: { type: string }, child: { $ref: '#/components/schemas/Node' }${extra} } }\n`;
    const current = await versionTwo(tree(''), tree(', size: { type: integer }'));
    expect(current.changes).toMatchObject({ comparedBy: 'operations', fallback: 'diff-failed', changes: [{ kind: 'non-breaking', text: 'Operation `getTree`: New field `size` of the payload of message `node`.' }] });
    const markdown = eventMarkdownFiles('2', [eventCatalog(current.id, current.title, current.api, current.changes)], (version, slug) => `/${version}/${slug}.md`).get('2/reference/market/changes/1.md');
    expect(markdown).toContain('compared operation by operation (@asyncapi/diff could not compare these two descriptions).');
  });

  it('compares a 2.6 and a 3.1 description operation by operation, and says why', async () => {
    const current = await versionTwo(fixture('gemini-2.6.yml'), fixture('gemini-3.1.yml'));
    expect(current.changes).toEqual({ previous: { id: '1', label: '1', asyncapi: '2.6.0' }, current: { id: '2', label: '2' }, comparedBy: 'operations', fallback: 'versions', changes: [] });
    const catalog = eventCatalog(current.id, current.title, current.api, current.changes);
    const markdown = eventMarkdownFiles('2', [catalog], (version, slug) => `/${version}/${slug}.md`).get('2/reference/market/changes/1.md');
    expect(markdown).toContain('compared operation by operation (version 1 is described in AsyncAPI 2.6.0, this one in AsyncAPI 3.1.0, which @asyncapi/diff does not compare).');
    expect(markdown).toContain('No change.');
  });
});
