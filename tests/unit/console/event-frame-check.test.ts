import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEventApi } from '../../../src/asyncapi/parse.ts';
import { channelUrl, checkFrame, operationsAt, withoutVariables } from '../../../src/console/events/frame-check.ts';
import { eventSandboxParts, eventValidators } from '../../../src/sandbox/build/event-runtime.ts';
import type { Validator } from '../../../src/sandbox/core/types.ts';
import { PROJECT_ROOT } from '../../e2e/support/sites.ts';

/** The sandbox parts of a held-out description (tests/fixtures/asyncapi, Apache-2.0), validators as the browser module gives them. */
async function partsOf(file: string) {
  const api = await parseEventApi(readFileSync(join(PROJECT_ROOT, 'tests/fixtures/asyncapi', file), 'utf8'), file);
  const parts = eventSandboxParts(api);
  const source = eventValidators(parts);
  const validators: Record<string, Validator> = Object.fromEntries(parts.keys.map((key) => [key, source.get(key)!]));
  return { api: parts.api, validators };
}

describe('the event console\'s check of each frame', () => {
  it('names the message a frame is, in each direction, and says why one is none', async () => {
    const { api, validators } = await partsOf('kraken-3.1.yml');
    const here = operationsAt(api, '/');
    expect(checkFrame(here, validators, 'sent', JSON.stringify({ event: 'ping', reqid: 42 }))).toEqual({ state: 'valid', operation: 'receivePing', message: 'ping' });
    // A reply is something the reader receives; sent, it is not a message of the channel.
    const pong = JSON.stringify({ event: 'pong', reqid: 42 });
    expect(checkFrame(here, validators, 'received', pong)).toMatchObject({ state: 'valid', message: 'pong' });
    expect(checkFrame(here, validators, 'sent', pong).state).toBe('invalid');
    // Meant for `subscribe` (its `event` value) but with a text id where an integer goes: that message's problems, not the first one tried.
    const wrong = checkFrame(here, validators, 'sent', JSON.stringify({ event: 'subscribe', reqid: 'one' }));
    expect(wrong).toMatchObject({ state: 'invalid', mismatch: { operation: 'subscribe', message: 'subscribe' } });
    expect(wrong.state === 'invalid' && wrong.mismatch!.problems.length).toBeGreaterThan(0);
    // Meant for none (no message fixes `event: "nothing"`): no one message's complaints, as the sandbox answers `no_matching_operation`.
    expect(checkFrame(here, validators, 'sent', JSON.stringify({ event: 'nothing' }))).toEqual({ state: 'invalid', mismatch: undefined });
    expect(checkFrame(here, validators, 'sent', 'not json')).toEqual({ state: 'invalid', mismatch: undefined });
  });

  it('calls the sandbox\'s error frames what they are, and leaves a frame unchecked where the channel has nothing in that direction', async () => {
    const { api, validators } = await partsOf('gemini-3.1.yml');
    const here = operationsAt(api, '/v1/marketdata/btcusd');
    expect(here.length).toBeGreaterThan(0);
    expect(checkFrame(here, validators, 'received', JSON.stringify({ error: { code: 'no_matching_operation', message: 'Clients send nothing here.' } }))).toEqual({ state: 'error', code: 'no_matching_operation', text: 'Clients send nothing here.' });
    expect(checkFrame(here, validators, 'sent', '{}')).toEqual({ state: 'unchecked' });
    expect(operationsAt(api, '/v1/marketdata/not-a-symbol')).toEqual([]);
  });

  it('fills a channel\'s address below the server\'s URL, parameters encoded', () => {
    expect(channelUrl('wss://api.gemini.com', '/v1/marketdata/{symbol}', { symbol: 'btc/usd' })).toBe('wss://api.gemini.com/v1/marketdata/btc%2Fusd');
    expect(channelUrl('wss://stream.example/v1/', '/tracking', {})).toBe('wss://stream.example/v1/tracking');
    expect(channelUrl('wss://ws.kraken.com', undefined, {})).toBe('wss://ws.kraken.com');
    expect(channelUrl('', 'rooms/{room}', { room: 'a b' })).toBe('/rooms/a%20b');
    // A server variable cannot stand in a URL the browser opens: its name takes its place.
    expect(new URL(channelUrl(withoutVariables('wss://{region}.feeds.example/v1'), '/ticks', {})).host).toBe('region.feeds.example');
    expect(withoutVariables('wss://{my_env}.example')).toBe('wss://my-env.example');
  });
});
