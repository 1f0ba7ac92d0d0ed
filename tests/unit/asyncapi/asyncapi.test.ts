import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventCatalog } from '../../../src/asyncapi/catalog.ts';
import { describeChange, eventChanges } from '../../../src/asyncapi/changes.ts';
import { loadEventApis } from '../../../src/asyncapi/load.ts';
import { eventMarkdownFiles } from '../../../src/asyncapi/markdown.ts';
import { loadSite } from '../../../src/config/load.ts';
import { plainSchema, slugOf } from '../../../src/asyncapi/normalize.ts';
import { parseEventApi, parseEventDocument } from '../../../src/asyncapi/parse.ts';
import { fillTemplate, parameterSample, protocolFamily, queryKeyName, socketUrl, webSocketSamples, withQueryKey } from '../../../src/asyncapi/samples.ts';
import { DocsInputError } from '../../../src/config/errors.ts';
import { PROJECT_ROOT } from '../../e2e/support/sites.ts';

const fixture = (name: string) => readFileSync(join(PROJECT_ROOT, 'tests/fixtures/asyncapi', name), 'utf8');

describe('AsyncAPI descriptions, 2.6 and 3.x, in one shape', () => {
  it('3.1: operations from the reader\'s side, their messages, replies and correlation ids', async () => {
    const api = await parseEventApi(fixture('kraken-3.1.yml'), 'kraken.yml');
    expect(api).toMatchObject({ asyncapi: '3.1.0', title: 'Kraken Websockets API' });
    // The application receives a ping: the reader sends it, and gets a pong.
    const ping = api.operations.find((operation) => operation.id === 'receivePing')!;
    expect([ping.action, ping.messages.map((message) => message.id), ping.reply?.messages.map((message) => message.id)]).toEqual(['send', ['ping'], ['pong']]);
    const subscribe = api.operations.find((operation) => operation.id === 'subscribe')!;
    expect(subscribe.messages[0]!.correlationId?.location).toBe('$message.payload#/reqid');
    expect(subscribe.reply?.messages.map((message) => message.id)).toEqual(['subscriptionStatus', 'dummyCurrencyInfo']);
    // The application sends heartbeats: the reader receives them.
    expect(api.operations.find((operation) => operation.id === 'heartbeat')!.action).toBe('receive');
    expect(api.channels.filter((channel) => channel.address === '/').length).toBeGreaterThan(1);
  });

  it('2.6: publish is what the reader sends, subscribe what the reader receives; servers get their scheme', async () => {
    const gemini = await parseEventApi(fixture('gemini-2.6.yml'), 'gemini.yml');
    expect(gemini.servers).toEqual([expect.objectContaining({ id: 'public', url: 'wss://api.gemini.com', protocol: 'wss' })]);
    expect(gemini.operations.map((operation) => [operation.action, operation.channel, operation.messages.map((message) => message.id)])).toEqual([['receive', '/v1/marketdata/{symbol}', ['marketData']]]);
    expect(gemini.channels[0]!.parameters[0]).toMatchObject({ name: 'symbol', enum: expect.arrayContaining(['btcusd']) });
    const lights = await parseEventApi(fixture('streetlights-mqtt-2.6.yml'), 'streetlights.yml');
    expect(lights.operations.find((operation) => operation.id === 'receiveLightMeasurement')!.action).toBe('send');
    expect(lights.operations.find((operation) => operation.id === 'turnOn')!.action).toBe('receive');
  });

  it('a description the parser rejects names the file, the line and the parser\'s message', async () => {
    const broken = 'asyncapi: 3.0.0\ninfo:\n  title: x\n  version: "1"\nchannels:\n  a:\n    address: /a\n    messages:\n      m:\n        payload: { type: nope }\n';
    const error = await parseEventApi(broken, 'content/v1/apis/x/asyncapi.yaml').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DocsInputError);
    expect((error as DocsInputError).format()).toMatch(/^content\/v1\/apis\/x\/asyncapi\.yaml:10:\d+: `\/channels\/a\/messages\/m\/payload` .+\n  Fix: correct the description/);
  });

  it('schemas become plain JSON: a cycle is a note, deep nesting is cut, the parser\'s marks are gone', () => {
    const node: Record<string, unknown> = { type: 'object', 'x-parser-schema-id': 'Node' };
    node['properties'] = { next: node };
    expect(plainSchema(node)).toEqual({ type: 'object', properties: { next: { $comment: 'recursive: the same schema as Node' } } });
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 40; level++) deep = { type: 'object', properties: { inner: deep } };
    expect(JSON.stringify(plainSchema(deep))).toContain('nested too deep to show');
    expect(slugOf('subscribeToMarket')).toBe('subscribe-to-market');
  });
});

describe('operations with traits (3.x)', () => {
  it('keep their channel: the parser copies such an operation, and the copy is known by its channel\'s key', async () => {
    // Every operation of the Kafka streetlights applies a trait.
    const api = await parseEventApi(fixture('streetlights-kafka-3.1.yml'), 'lights.yml');
    const addressOf = (id: string) => api.channels.find((channel) => channel.id === api.operations.find((operation) => operation.id === id)!.channel)?.address;
    expect(api.operations.map((operation) => [operation.id, operation.channel])).toEqual([
      ['receiveLightMeasurement', 'lightingMeasured'],
      ['turnOn', 'lightTurnOn'],
      ['turnOff', 'lightTurnOff'],
      ['dimLight', 'lightsDim'],
    ]);
    expect(addressOf('turnOn')).toBe('smartylighting.streetlights.1.0.action.{streetlightId}.turn.on');
  });

  it('name each message by the key of the operation\'s own channel, when channels share one message', async () => {
    // `lightTurnOn` lists it as `turnOn`, `lightTurnOff` as `turnOff`: both are the component `turnOnOff`.
    const api = await parseEventApi(fixture('streetlights-kafka-3.1.yml'), 'lights.yml');
    expect(api.operations.map((operation) => [operation.id, operation.messages.map((message) => message.id)])).toEqual([
      ['receiveLightMeasurement', ['lightMeasured']],
      ['turnOn', ['turnOn']],
      ['turnOff', ['turnOff']],
      ['dimLight', ['dimLight']],
    ]);
  });
});

describe('an event API\'s pages', () => {
  it('one per operation under the API, grouped by channel; Markdown sources with schemas and examples', async () => {
    const api = await parseEventApi(fixture('kraken-3.1.yml'), 'kraken.yml');
    const catalog = eventCatalog('kraken', api.title, api);
    expect(catalog.operations.map((entry) => entry.slug)).toEqual(['reference/kraken/receive-ping', 'reference/kraken/heartbeat', 'reference/kraken/system-status', 'reference/kraken/subscribe', 'reference/kraken/unsubscribe']);
    const files = eventMarkdownFiles('2.0', [catalog], (version, slug) => `https://docs.example/${version}/${slug}.md`);
    expect([...files.keys()]).toContain('2.0/reference/kraken.md');
    const subscribe = files.get('2.0/reference/kraken/subscribe.md')!;
    expect(subscribe).toContain('You send on `/`');
    expect(subscribe).toContain('Correlation id: `$message.payload#/reqid`.');
    expect(subscribe).toContain('## Reply');
    expect(files.get('2.0/reference/kraken.md')).toContain('- [subscribe](https://docs.example/2.0/reference/kraken/subscribe.md): You send on `/`, with a reply');
  });

  it('WebSocket samples open the channel\'s URL and send the example; other protocols get their libraries', async () => {
    const api = await parseEventApi(fixture('gemini-2.6.yml'), 'gemini.yml');
    const url = socketUrl(api.servers[0]!, api.channels[0]!.address, () => 'btcusd');
    expect(url).toBe('wss://api.gemini.com/v1/marketdata/btcusd');
    const samples = webSocketSamples(url, { ...api.operations[0]!, action: 'send' }, { type: 'subscribe' });
    expect(samples.map((sample) => sample.id)).toEqual(['browser', 'node', 'python', 'go']);
    expect(samples[0]!.code).toContain(`socket.send(JSON.stringify({"type":"subscribe"}))`);
    expect(['mqtt', 'secure-mqtt', 'kafka-secure', 'amqp', 'wss', 'http'].map(protocolFamily)).toEqual(['mqtt', 'mqtt', 'kafka', 'amqp', 'ws', 'other']);
  });
});

describe('the changelog of an event API', () => {
  it('names a removed operation as breaking, and says each kind of change in words', async () => {
    const text = fixture('kraken-3.1.yml');
    const before = await parseEventDocument(text, 'a.yml');
    const start = text.indexOf('\n  unsubscribe:\n    action:');
    const end = text.indexOf('\ncomponents:', start);
    const after = await parseEventDocument(text.slice(0, start) + text.slice(end), 'b.yml');
    const changes = eventChanges(before.document, after.document)!;
    expect(changes).toContainEqual({ kind: 'breaking', action: 'remove', path: '/operations/unsubscribe', text: 'Operation `unsubscribe` removed.' });
    expect(describeChange('add', '/channels/~1v1~1trades/subscribe')).toBe('Operation you receive on `/v1/trades` added.');
    expect(describeChange('edit', '/components/messages/ping/payload/properties/reqid/type')).toBe('Message `ping`: `payload.properties.reqid.type` changed.');
    expect(eventChanges(before.document, before.document)).toEqual([]);
  });
});

describe('event APIs beside a version\'s single OpenAPI description', () => {
  /** A site whose version 1.0 has content/1.0/openapi.yaml (operation `listKilns`) and an event API in apis/<id>/. */
  function siteWithEventApi(id: string): string {
    const root = mkdtempSync(join(tmpdir(), 'event-clash-'));
    mkdirSync(join(root, 'config'));
    mkdirSync(join(root, `content/1.0/apis/${id}`), { recursive: true });
    writeFileSync(join(root, 'config/site.yml'), 'title: Kilns\nurl: https://docs.kilns.example\n');
    writeFileSync(join(root, 'config/versions.yml'), '- { id: "1.0", label: "1.0", stable: true }\n');
    writeFileSync(join(root, 'content/1.0/nav.yml'), '- slug: overview\n');
    writeFileSync(join(root, 'content/1.0/overview.md'), '---\ntitle: Overview\n---\n\nKilns.\n');
    writeFileSync(join(root, 'content/1.0/openapi.yaml'), 'openapi: 3.1.0\ninfo: { title: Kilns, version: "1" }\npaths:\n  /kilns:\n    get:\n      operationId: listKilns\n      responses: { "200": { description: OK } }\n');
    writeFileSync(join(root, `content/1.0/apis/${id}/asyncapi.yaml`), fixture('kraken-3.1.yml'));
    return root;
  }

  it('load when their id is none of the reference\'s URL segments', async () => {
    const root = siteWithEventApi('firings');
    const apis = await loadEventApis(root, loadSite(root).model);
    expect(apis.map((entry) => [entry.version, entry.id, entry.file])).toEqual([['1.0', 'firings', 'content/1.0/apis/firings/asyncapi.yaml']]);
  });

  it('are refused, naming the folder to rename, when their pages would take an operation\'s or the schemas\' URL', async () => {
    for (const [id, taken] of [['list-kilns', 'for an operation'], ['schemas', 'already uses.']] as const) {
      const root = siteWithEventApi(id);
      const error = await loadEventApis(root, loadSite(root).model).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DocsInputError);
      expect((error as DocsInputError).file).toBe(`content/1.0/apis/${id}/asyncapi.yaml`);
      expect((error as DocsInputError).problem).toContain(`/1.0/reference/${id}/, a URL content/1.0/openapi.yaml already uses`);
      expect((error as DocsInputError).problem).toContain(taken);
      expect((error as DocsInputError).hint).toBe(`rename the folder content/1.0/apis/${id}/ (its name is the API's id and URL segment).`);
    }
  });
});

describe('the changelog leaves out what is not the contract', () => {
  it('lists a message added to a channel once, not again inside each operation that refers to the channel, and no metadata or prose', async () => {
    // The default content's event API: 2.0 beta adds an operation and its message, moves the server's path and bumps info.version.
    const read = (version: string) => readFileSync(join(PROJECT_ROOT, `content/${version}/apis/tracking/asyncapi.yaml`), 'utf8');
    const before = await parseEventDocument(read('1.2'), '1.2.yaml');
    const after = await parseEventDocument(read('2.0-beta'), '2.0-beta.yaml');
    const changes = eventChanges(before.document, after.document)!;
    expect(changes.map((change) => `${change.kind}: ${change.text}`)).toEqual([
      'breaking: Server `production`: `pathname` changed.',
      'non-breaking: Operation `statusChanged` added.',
      'non-breaking: Message `statusChanged` of channel `tracking` added.',
      'unclassified: `components.schemas.CaravanStatus` added.',
      'unclassified: Message `statusChanged` added.',
    ]);
  });
});

describe('a channel address with parameters, as samples and the sandbox\'s banner show it', () => {
  it('fills each parameter with its first example, enum value or default, else its name, encoded as a path segment', async () => {
    const gemini = await parseEventApi(fixture('gemini-2.6.yml'), 'gemini.yml');
    const sample = (name: string) => parameterSample(gemini.channels.flatMap((channel) => channel.parameters), name);
    expect(fillTemplate('ws://127.0.0.1:4010/v1/marketdata/{symbol}', sample)).toBe('ws://127.0.0.1:4010/v1/marketdata/btcusd');
    expect(parameterSample([{ name: 'room', default: 'lobby' }, { name: 'id', examples: ['a b'] }], 'room')).toBe('lobby');
    expect(fillTemplate('/rooms/{id}/{unknown}', (name) => parameterSample([{ name: 'id', examples: ['a b'] }], name))).toBe('/rooms/a%20b/unknown');
  });
});

describe('the credential a WebSocket connection carries', () => {
  const schemes = [
    { id: 'token', type: 'httpApiKey', in: 'query', name: 'access_token' },
    { id: 'header', type: 'httpApiKey', in: 'header', name: 'X-Key' },
  ];
  it('is the query API key of the operation\'s or, as descriptions usually say it, the server\'s security', () => {
    expect(queryKeyName({ securitySchemes: schemes }, { security: [] }, { security: [['token']] })).toBe('access_token');
    expect(queryKeyName({ securitySchemes: schemes }, { security: [['token']] }, undefined)).toBe('access_token');
    // A header cannot be sent by a browser's WebSocket: no field, no placeholder.
    expect(queryKeyName({ securitySchemes: schemes }, { security: [['header']] }, { security: [] })).toBeUndefined();
    expect(withQueryKey('wss://stream.example/v1/tracking', 'access_token')).toBe('wss://stream.example/v1/tracking?access_token=YOUR_ACCESS_TOKEN');
    expect(withQueryKey('wss://a.example/?x=1', 'api-key')).toBe('wss://a.example/?x=1&api-key=YOUR_API_KEY');
    expect(withQueryKey('wss://a.example/', undefined)).toBe('wss://a.example/');
  });
});
