import { beforeAll, describe, expect, it } from 'vitest';
import { eventValidators, type EventSandboxParts } from '../../../../src/sandbox/build/event-runtime.ts';
import { createEventSandbox, type EventSandbox, type EventSession } from '../../../../src/sandbox/core/events/sandbox.ts';
import { DEFAULT_EVENT_LIMITS } from '../../../../src/sandbox/core/events/types.ts';
import type { ValidatorSource } from '../../../../src/sandbox/core/types.ts';
import { eventParts, json } from './support.ts';

/** The validator of an operation's message (or its reply's), to check what the sandbox sends. */
function schemaCheck(parts: EventSandboxParts, validators: ValidatorSource, operationId: string, messageId: string, reply = false): (value: unknown) => boolean {
  const operation = parts.api.operations.find((candidate) => candidate.id === operationId)!;
  const message = (reply ? operation.reply! : operation.messages).find((candidate) => candidate.id === messageId)!;
  return (value) => validators.get(message.schema!)!(value);
}

describe('the event sandbox on Kraken (AsyncAPI 3.1, request/reply, seven channels at `/`)', () => {
  let parts: EventSandboxParts;
  let validators: ValidatorSource;
  let now = 0;
  let sandbox: EventSandbox;
  let session: EventSession;
  beforeAll(async () => {
    parts = await eventParts('kraken-3.1.yml');
    validators = eventValidators(parts);
    sandbox = createEventSandbox({ api: parts.api, validators, clock: () => now });
  });
  const fresh = () => (session = sandbox.connect('/')!);

  it('answers a subscribe with its subscriptionStatus reply, carrying the request\'s reqid', () => {
    fresh();
    const frames = session.receive(JSON.stringify({ event: 'subscribe', reqid: 9001, pair: ['XBT/EUR'], subscription: { name: 'ticker' } }));
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ kind: 'reply', operation: 'subscribe', message: 'subscriptionStatus' });
    const reply = json(frames[0]);
    expect(reply).toMatchObject({ event: 'subscriptionStatus', reqid: 9001 });
    expect(schemaCheck(parts, validators, 'subscribe', 'subscriptionStatus', true)(reply)).toBe(true);
  });

  it('leaves the example\'s reqid out of the reply when the request carries none', () => {
    fresh();
    const reply = json(session.receive(JSON.stringify({ event: 'subscribe', subscription: { name: 'book' } }))[0]);
    expect(reply.event).toBe('subscriptionStatus');
    expect(reply).not.toHaveProperty('reqid');
  });

  it('answers a ping with a pong of the same reqid, generated from the pong schema', () => {
    fresh();
    const frames = session.receive('{"event":"ping","reqid":77}');
    expect(frames.map((frame) => frame.kind === 'reply' && frame.operation)).toEqual(['receivePing']);
    expect(json(frames[0])).toEqual({ event: 'pong', reqid: 77 });
  });

  it('answers an unknown event with one error frame naming each operation and why, and the session goes on', () => {
    fresh();
    const frames = session.receive('{"event":"teleport","reqid":1}');
    expect(frames).toHaveLength(1);
    expect(frames[0]!.kind).toBe('error');
    const { error } = json(frames[0]);
    expect(Object.keys(error)).toEqual(['code', 'message', 'operations']);
    expect(error.code).toBe('no_matching_operation');
    expect(error.message).toContain('`receivePing`, `subscribe` or `unsubscribe`');
    expect(error.operations).toEqual([
      { operation: 'receivePing', message: 'ping', problems: [{ pointer: '/event', detail: 'must be "ping"' }] },
      { operation: 'subscribe', message: 'subscribe', problems: [{ pointer: '/event', detail: 'must be "subscribe"' }] },
      { operation: 'unsubscribe', message: 'unsubscribe', problems: [{ pointer: '/event', detail: 'must be "unsubscribe"' }] },
    ]);
    expect(json(session.receive('{"event":"ping","reqid":2}')[0])).toEqual({ event: 'pong', reqid: 2 });
  });

  it('names the one operation a frame is meant for when only its schema fails (invalid_message)', () => {
    fresh();
    const { error } = json(session.receive('{"event":"subscribe","subscription":{"depth":3}}')[0]);
    expect(error.code).toBe('invalid_message');
    expect(error.message).toContain('meant for `subscribe`');
    expect(error.operations).toHaveLength(1);
    expect(error.operations[0].problems).toEqual(expect.arrayContaining([{ pointer: '/subscription/name', detail: 'is required' }]));
  });

  it('refuses text that is not JSON, and binary that is not UTF-8, with not_json; takes UTF-8 binary', () => {
    fresh();
    expect(json(session.receive('ping please')[0]).error.code).toBe('not_json');
    expect(json(session.receive(new Uint8Array([0xff, 0xfe, 0x7b]))[0]).error.code).toBe('not_json');
    expect(json(session.receive(new TextEncoder().encode('{"event":"ping","reqid":3}'))[0])).toEqual({ event: 'pong', reqid: 3 });
  });

  it('refuses a frame over 64 KiB with too_large, counting UTF-8 bytes, and answers the next one', () => {
    fresh();
    const limit = DEFAULT_EVENT_LIMITS.frameBytes;
    const padded = (bytes: number, char = ' ') => `{"event":"ping","reqid":4}${char.repeat(bytes)}`;
    const base = '{"event":"ping","reqid":4}'.length;
    expect(json(session.receive(padded(limit - base))[0])).toEqual({ event: 'pong', reqid: 4 });
    const tooLarge = json(session.receive(padded(limit - base + 1))[0]).error;
    expect(tooLarge).toEqual({ code: 'too_large', message: `The frame is ${limit + 1} bytes; this sandbox takes frames of at most ${limit} bytes.` });
    // 22,000 three-byte characters: 22,000 UTF-16 units but 66,000 bytes.
    expect(json(session.receive(`"${'€'.repeat(22_000)}"`)[0]).error.code).toBe('too_large');
    expect(json(session.receive('{"event":"ping","reqid":5}')[0]).reqid).toBe(5);
  });

  it('keeps an error frame small whatever the frame holds', () => {
    fresh();
    const frame = session.receive(JSON.stringify({ event: 'subscribe', [`x${'k'.repeat(60_000)}`]: 1, subscription: { name: 'book', depth: 'deep' } }))[0]!;
    expect(frame.kind).toBe('error');
    expect(frame.data.length).toBeLessThan(2000);
  });

  it('refuses a burst over the rate with rate_limited frames, per connection, until tokens come back', () => {
    now = 1_000_000;
    fresh();
    const other = sandbox.connect('/')!;
    const ping = '{"event":"ping","reqid":6}';
    const answers = Array.from({ length: DEFAULT_EVENT_LIMITS.burstFrames + 3 }, () => session.receive(ping)[0]!);
    expect(answers.slice(0, DEFAULT_EVENT_LIMITS.burstFrames).every((frame) => frame.kind === 'reply')).toBe(true);
    const refused = answers.slice(DEFAULT_EVENT_LIMITS.burstFrames).map((frame) => json(frame).error);
    expect(refused.map((error) => error.code)).toEqual(['rate_limited', 'rate_limited', 'rate_limited']);
    expect(refused[0].retryAfterMs).toBe(1000 / DEFAULT_EVENT_LIMITS.framesPerSecond);
    expect(other.receive(ping)[0]!.kind).toBe('reply');
    now += 1000 / DEFAULT_EVENT_LIMITS.framesPerSecond;
    expect(session.receive(ping)[0]!.kind).toBe('reply');
    expect(session.receive(ping)[0]!.kind).toBe('error');
  });

  it('emits a valid heartbeat and systemStatus on demand, and nothing for operations clients send', () => {
    fresh();
    expect(session.emittable).toEqual(['heartbeat', 'systemStatus']);
    const heartbeat = session.emit('heartbeat')!;
    expect(heartbeat).toMatchObject({ kind: 'message', operation: 'heartbeat', message: 'heartbeat' });
    expect(json(heartbeat)).toEqual({ event: 'heartbeat' });
    expect(schemaCheck(parts, validators, 'heartbeat', 'heartbeat')(json(heartbeat))).toBe(true);
    expect(schemaCheck(parts, validators, 'systemStatus', 'systemStatus')(json(session.emit('systemStatus')))).toBe(true);
    expect(session.emit('subscribe')).toBeUndefined();
    expect(session.emit('no-such-operation')).toBeUndefined();
    expect(session.emit('heartbeat', { example: 3 })).toBeUndefined();
  });

  it('connects at the channels\' address only, whatever the query', () => {
    expect(sandbox.connect('/?token=x')?.address).toBe('/');
    expect(sandbox.connect('')?.address).toBe('/');
    expect(sandbox.connect('/private')).toBeUndefined();
  });
});

describe('the event sandbox on Gemini (a feed: no operation clients send)', () => {
  it('answers any frame with no_matching_operation naming what the API sends, and stays usable (3.1)', async () => {
    const parts = await eventParts('gemini-3.1.yml');
    const validators = eventValidators(parts);
    const sandbox = createEventSandbox({ api: parts.api, validators });
    const session = sandbox.connect('/v1/marketdata/btcusd')!;
    for (const frame of ['{"type":"subscribe"}', 'hello', '[]']) {
      const { error } = json(session.receive(frame)[0]);
      expect(error).toEqual({ code: 'no_matching_operation', message: 'Clients send nothing at `/v1/marketdata/btcusd`: the API only sends here (`sendMarketData`).', operations: [] });
    }
    const market = json(session.emit('sendMarketData'));
    expect(market).toMatchObject({ type: 'update', eventId: 36902233362 });
    expect(schemaCheck(parts, validators, 'sendMarketData', 'marketData')(market)).toBe(true);
    const heartbeat = json(session.emit('sendMarketData', { example: 1 }));
    expect(heartbeat).toEqual({ type: 'heartbeat', socket_sequence: 1656 });
  });

  it('takes a symbol of the parameter\'s enum only (2.6)', async () => {
    const parts = await eventParts('gemini-2.6.yml');
    const sandbox = createEventSandbox({ api: parts.api, validators: eventValidators(parts) });
    expect(sandbox.connect('/v1/marketdata/ethusd?heartbeat=true')?.emittable).toEqual(['subscribe /v1/marketdata/{symbol}']);
    expect(sandbox.connect('/v1/marketdata/dogeusd')).toBeUndefined();
    expect(sandbox.connect('/v1/marketdata')).toBeUndefined();
    expect(parts.api.servers).toEqual([{ id: 'public', url: 'wss://api.gemini.com' }]);
  });
});
