/**
 * The browser's event sandbox: its MSW WebSocket handlers, run here by MSW's Node interceptor
 * (the same `ws.link` handlers a page's worker runs) against the global WebSocket, as a page's
 * console would use it.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventValidators } from '../../../../src/sandbox/build/event-runtime.ts';
import { startEventSandbox, type RunningEventSandbox } from '../../../../src/sandbox/browser/events.ts';
import type { Validator } from '../../../../src/sandbox/core/types.ts';
import { eventParts } from './support.ts';

/** A page's WebSocket whose frames can be awaited one by one (each wait bounded). */
function open(url: string): Promise<{ socket: WebSocket; next(): Promise<any>; closed(): Promise<CloseEvent> }> {
  const socket = new WebSocket(url);
  const frames: string[] = [];
  const waiting: Array<(text: string) => void> = [];
  socket.addEventListener('message', (event) => {
    const waiter = waiting.shift();
    if (waiter) waiter(String(event.data));
    else frames.push(String(event.data));
  });
  const closing = new Promise<CloseEvent>((done) => socket.addEventListener('close', done, { once: true }));
  const closed = () =>
    new Promise<CloseEvent>((done, fail) => {
      const timer = setTimeout(() => fail(new Error('not closed within 5 s')), 5000);
      void closing.then((event) => {
        clearTimeout(timer);
        done(event);
      });
    });
  const next = () =>
    new Promise<any>((done, fail) => {
      const frame = frames.shift();
      if (frame !== undefined) return done(JSON.parse(frame));
      const timer = setTimeout(() => fail(new Error('no frame within 5 s')), 5000);
      waiting.push((text) => {
        clearTimeout(timer);
        done(JSON.parse(text));
      });
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('not open within 5 s')), 5000);
    socket.addEventListener('open', () => {
      clearTimeout(timer);
      resolve({ socket, next, closed });
    }, { once: true });
    socket.addEventListener('close', () => {
      clearTimeout(timer);
      resolve({ socket, next, closed });
    }, { once: true });
  });
}

/** Validators in the shape the browser gets them (a record), from Ajv here. */
async function module(name: string) {
  const parts = await eventParts(name);
  const compiled = eventValidators(parts);
  return { api: parts.api, validators: Object.fromEntries(parts.keys.map((key) => [key, compiled.get(key)!])) as Record<string, Validator> };
}

describe('the event sandbox in the page (MSW ws.link)', () => {
  const server = setupServer();
  let gemini: RunningEventSandbox;
  let kraken: RunningEventSandbox;
  beforeAll(async () => {
    gemini = startEventSandbox(await module('gemini-3.1.yml'));
    // Kraken names no server: the page says which URL stands for it.
    kraken = startEventSandbox(await module('kraken-3.1.yml'), { servers: ['wss://ws.kraken.com'], maxConnections: 2 });
    server.listen({ onUnhandledFrame: 'error' });
    server.use(...gemini.handlers, ...kraken.handlers);
  });
  afterEach(() => expect(kraken.connections() + gemini.connections()).toBeLessThanOrEqual(2));
  afterAll(() => server.close());

  it('answers a request with its correlated reply and a stray frame with an error frame, on one open socket', async () => {
    const page = await open('wss://ws.kraken.com/');
    expect(page.socket.readyState).toBe(WebSocket.OPEN);
    page.socket.send(JSON.stringify({ event: 'ping', reqid: 41 }));
    expect(await page.next()).toEqual({ event: 'pong', reqid: 41 });
    page.socket.send('{"event":"teleport"}');
    expect((await page.next()).error.code).toBe('no_matching_operation');
    page.socket.send(new Blob([JSON.stringify({ event: 'subscribe', reqid: 42, subscription: { name: 'spread' } })]));
    page.socket.send('{"event":"ping","reqid":43}');
    expect(await page.next()).toMatchObject({ event: 'subscriptionStatus', reqid: 42 });
    expect(await page.next()).toEqual({ event: 'pong', reqid: 43 });
    expect(kraken.emit('heartbeat')).toBe(1);
    expect(await page.next()).toEqual({ event: 'heartbeat' });
    page.socket.close();
    await page.closed();
  });

  it("emits a feed's messages to the open connections where they are sent", async () => {
    const page = await open('wss://api.gemini.com/v1/marketdata/btcusd?heartbeat=true');
    expect(gemini.emit('sendMarketData', { example: 1 })).toBe(1);
    expect(await page.next()).toEqual({ type: 'heartbeat', socket_sequence: 1656 });
    page.socket.send('{"type":"subscribe"}');
    expect((await page.next()).error.message).toContain('the API only sends here');
    page.socket.close();
    await page.closed();
    expect(gemini.emit('sendMarketData')).toBe(0);
  });

  it('closes a connection at a path without a channel (4404) and one past the limit (1013)', async () => {
    const nowhere = await open('wss://api.gemini.com/v1/marketdata/dogeusd');
    expect((await nowhere.closed()).code).toBe(4404);
    const first = await open('wss://ws.kraken.com/');
    const second = await open('wss://ws.kraken.com/');
    const third = await open('wss://ws.kraken.com/');
    const refused = await third.closed();
    expect([refused.code, refused.reason]).toEqual([1013, 'The sandbox holds 2 connections at once']);
    first.socket.close();
    second.socket.close();
    await Promise.all([first.closed(), second.closed()]);
  });
});
