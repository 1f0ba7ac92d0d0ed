// The local event sandbox bounds what a slow, silent or greedy client holds: the upgrade's headers
// timeout (408), dead peers found by ping and cut, idle connections closed with 1001, and a cap on
// WebSocket connections per client address besides the total. Real servers on 127.0.0.1 with small
// limits; raw sockets where a `ws` client would answer for the test (pongs, headers).
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ConnectionLimits } from '../../../../src/server/connection-limits.ts';
import { EMIT_PATH, startEventServer, type EventServer } from '../../../../src/sandbox/node/events-server.ts';
import type { WebSocketLimits } from '../../../../src/sandbox/node/websocket-limits.ts';
import { trickle } from '../../../support/raw-socket.ts';
import { eventSandbox } from './support.ts';

const started: EventServer[] = [];
async function start(websockets: Partial<WebSocketLimits>, connections?: ConnectionLimits): Promise<EventServer> {
  const server = await startEventServer({ sandbox: await eventSandbox('kraken-3.1.yml'), port: 0, websockets, connections });
  started.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

/** A promise that fails after `ms`, so no test waits on a socket for ever. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_done, fail) => (timer = setTimeout(() => fail(new Error(`${what} within ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface Opened {
  socket: WebSocket;
  closed: Promise<{ code: number; reason: string; ms: number }>;
}

/** A `ws` client (it answers pings), open, or the refusal's status and headers. */
function open(url: string, localAddress?: string): Promise<Opened | { status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { handshakeTimeout: 3000, ...(localAddress ? { localAddress } : {}) });
    const at = Date.now();
    const closed = new Promise<{ code: number; reason: string; ms: number }>((done) => socket.once('close', (code, reason) => done({ code, reason: reason.toString(), ms: Date.now() - at })));
    socket.once('unexpected-response', (_request, response) => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    socket.once('error', reject);
    socket.once('open', () => resolve({ socket, closed }));
  });
}

async function opened(url: string, localAddress?: string): Promise<Opened> {
  const client = await open(url, localAddress);
  if (!('socket' in client)) throw new Error(`refused with ${client.status}`);
  return client;
}

const UPGRADE = 'GET / HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';

describe('local event sandbox: the upgrade request', () => {
  it('headers trickled a byte at a time are cut at the headers timeout with 408', async () => {
    const { origin } = await start({}, { headersTimeoutMs: 500, requestTimeoutMs: 1000, maxPerAddress: 0 });
    const slow = await trickle(origin.replace('ws:', 'http:'), { head: UPGRADE, trickle: `X-Slow: ${'y'.repeat(100)}\r\n`, everyMs: 50, forMs: 4000 });
    expect(slow.closedByServer).toBe(true);
    expect(slow.ms).toBeLessThan(1500);
    expect(slow.status).toBe(408);
  });
});

describe('local event sandbox: a refused upgrade', () => {
  it('is closed by the server even when the client never closes its side, and gives its address\'s slot back', async () => {
    const { origin } = await start({}, { headersTimeoutMs: 500, requestTimeoutMs: 1000, maxPerAddress: 2 });
    const http = origin.replace('ws:', 'http:');
    // A path with no channel (404), from a client that keeps its side open after the answer and
    // goes on sending: it learns the server has let go when a write is refused.
    // One after another, three on an address allowed two: each must give its slot back.
    for (let attempt = 0; attempt < 3; attempt++) {
      const exchange = await trickle(http, { head: UPGRADE.replace('GET / ', 'GET /nowhere ') + '\r\n', trickle: 'x'.repeat(100), everyMs: 100, forMs: 6000, halfOpen: true });
      expect(exchange.status).toBe(404);
      expect(exchange.closedByServer).toBe(true);
      expect(exchange.ms).toBeLessThan(4000);
    }
    // The address's two slots are free again: an emit from the same address is answered.
    expect((await fetch(`${http}${EMIT_PATH}?operation=heartbeat`, { method: 'POST' })).status).toBe(200);
  });
});

describe('local event sandbox: silent and idle connections', () => {
  it('a peer that never answers pings is cut after missing one (two ping intervals at most)', async () => {
    const { origin } = await start({ pingIntervalMs: 200, idleTimeoutMs: 60_000 });
    const silent = await trickle(origin.replace('ws:', 'http:'), { head: `${UPGRADE}\r\n`, forMs: 3000 });
    expect(silent.status).toBe(101);
    expect(silent.closedByServer).toBe(true);
    expect(silent.ms).toBeLessThan(1000);
  });

  it('a peer that answers pings stays open, past the upgrade request\'s timeouts too', async () => {
    const { origin } = await start({ pingIntervalMs: 200, idleTimeoutMs: 60_000 }, { headersTimeoutMs: 300, requestTimeoutMs: 600, maxPerAddress: 0 });
    const client = await opened(`${origin}/`);
    await new Promise((done) => setTimeout(done, 1500));
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close();
  });

  it('a connection on which no frame goes either way for the idle timeout is closed with 1001', async () => {
    const { origin } = await start({ pingIntervalMs: 10_000, idleTimeoutMs: 600 });
    const client = await opened(`${origin}/`);
    const closed = await within(client.closed, 3000, 'no close');
    expect(closed.code).toBe(1001);
    expect(closed.reason).toMatch(/idle/i);
    expect(closed.ms).toBeGreaterThanOrEqual(500);
    expect(closed.ms).toBeLessThan(1500);
  });

  it('frames either way keep a connection from being idle: what it sends, and what the sandbox emits to it', async () => {
    const { origin } = await start({ pingIntervalMs: 10_000, idleTimeoutMs: 600 });
    const sender = await opened(`${origin}/`);
    const listener = await opened(`${origin}/`);
    for (let round = 0; round < 6; round++) {
      sender.socket.send(JSON.stringify({ event: 'ping', reqid: round }));
      await fetch(`${origin.replace('ws:', 'http:')}${EMIT_PATH}?operation=heartbeat`, { method: 'POST' });
      await new Promise((done) => setTimeout(done, 250));
    }
    expect(sender.socket.readyState).toBe(WebSocket.OPEN);
    expect(listener.socket.readyState).toBe(WebSocket.OPEN);
    expect((await within(listener.closed, 3000, 'no close')).code).toBe(1001);
    sender.socket.close();
  });
});

describe('local event sandbox: connections per address', () => {
  it('one address holds at most maxPerAddress WebSockets: one more is 503 with Retry-After; other addresses and freed slots connect', async () => {
    const { origin } = await start({ maxPerAddress: 2 });
    const first = await opened(`${origin}/`);
    const second = await opened(`${origin}/`);
    const refused = await open(`${origin}/`);
    expect('status' in refused && refused.status).toBe(503);
    expect('headers' in refused && refused.headers['retry-after']).toBe('5');
    const other = await opened(`${origin}/`, '127.0.0.2');
    first.socket.close();
    await first.closed;
    await expect.poll(async () => {
      const again = await open(`${origin}/`);
      if ('socket' in again) again.socket.close();
      return 'socket' in again;
    }).toBe(true);
    second.socket.close();
    other.socket.close();
  });

  it('the total still holds across addresses', async () => {
    const { origin } = await start({ maxPerAddress: 2, maxConnections: 3 });
    const clients = [await opened(`${origin}/`), await opened(`${origin}/`), await opened(`${origin}/`, '127.0.0.2')];
    const refused = await open(`${origin}/`, '127.0.0.3');
    expect('status' in refused && refused.status).toBe(503);
    for (const client of clients) client.socket.close();
  });
});
