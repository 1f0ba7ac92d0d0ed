// The local HTTP sandbox bounds what a slow or greedy client holds, as the front server does: a
// headers timeout, a request timeout (a trickled body is cut with 408), idle keep-alive
// connections closed, and a cap on connections per client address (503 with Retry-After). Raw
// sockets against a real server with small limits, so every test is quick and bounded.
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox as caravanExtension } from '../../../content/_sandbox/caravan/extension.ts';
import type { ConnectionLimits } from '../../../src/server/connection-limits.ts';
import { startLocalServer, type LocalServer } from '../../../src/sandbox/node/local-server.ts';
import { createNodeSandbox } from '../../../src/sandbox/node/server.ts';
import { openapi } from './support/openapi-contract.ts';
import { headerOf, openSockets, trickle } from '../../support/raw-socket.ts';

const quick: ConnectionLimits = { headersTimeoutMs: 500, requestTimeoutMs: 1000, maxPerAddress: 0 };
const started: LocalServer[] = [];

async function start(connections: ConnectionLimits): Promise<LocalServer> {
  const server = await startLocalServer({ sandbox: createNodeSandbox({ document: openapi, extension: caravanExtension }), port: 0, connections });
  started.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

const LIST = 'GET /v1/caravans?per_page=1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sandbox-trader\r\n';

describe('local sandbox: slow clients', () => {
  it('headers trickled a byte at a time are cut at the headers timeout with 408 (an X-Request-Id, the API\'s problem format)', async () => {
    const { origin } = await start(quick);
    const slow = await trickle(origin, { head: LIST, trickle: `X-Slow: ${'y'.repeat(100)}\r\n`, everyMs: 50, forMs: 4000 });
    expect(slow.closedByServer).toBe(true);
    expect(slow.ms).toBeLessThan(1500);
    expect(slow.status).toBe(408);
    expect(headerOf(slow.head, 'X-Request-Id')).toMatch(/^req_/);
    expect(headerOf(slow.head, 'Content-Type')).toBe('application/problem+json');
    expect(JSON.parse(slow.body)).toMatchObject({ status: 408 });
  });

  it('a body trickled a byte at a time is cut at the request timeout with 408, and the server goes on answering', async () => {
    const server = await start(quick);
    const head = 'POST /v1/caravans HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sandbox-trader\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const slow = await trickle(server.origin, { head, trickle: ' '.repeat(100), everyMs: 100, forMs: 4000 });
    expect(slow.closedByServer).toBe(true);
    expect(slow.ms).toBeGreaterThanOrEqual(900);
    expect(slow.ms).toBeLessThan(2500);
    expect(slow.status).toBe(408);
    expect(headerOf(slow.head, 'Connection')).toBe('close');
    expect((await fetch(`${server.origin}/v1/caravans?per_page=1`, { headers: { Authorization: 'Bearer sandbox-trader' } })).status).toBe(200);
  });

  it('a request answered 408 changes nothing, even when the rest of its body arrives after the answer', async () => {
    const server = await start(quick);
    const body = JSON.stringify({ name: 'Arrived too late' });
    const head = `PATCH /v1/caravans/car_002 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sandbox-trader\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, -1)}`;
    // The last byte goes out as soon as the 408 comes in, while the server still reads (half-closed).
    const late = await trickle(server.origin, { head, forMs: 2500, halfOpen: true, onAnswer: (socket) => socket.write(body.slice(-1)) });
    expect(late.status).toBe(408);
    const list = await fetch(`${server.origin}/v1/caravans?per_page=100`, { headers: { Authorization: 'Bearer sandbox-trader' } });
    const caravans = ((await list.json()) as { items: Array<{ id: string; name: string }> }).items;
    expect(caravans.find((caravan) => caravan.id === 'car_002')?.name).toMatch(/\w/);
    expect(caravans.find((caravan) => caravan.id === 'car_002')?.name).not.toBe('Arrived too late');
  });

  it('an idle keep-alive connection waits no longer for its next request than the headers timeout (and Node\'s 1 s margin)', async () => {
    const { origin } = await start(quick);
    const idle = await trickle(origin, { head: `${LIST}\r\n`, forMs: 4000 });
    expect(idle.status).toBe(200);
    expect(idle.closedByServer).toBe(true);
    expect(idle.ms).toBeLessThan(2500);
  });
});

describe('local sandbox: connections per address', () => {
  it('one address holds at most maxPerAddress connections: one more is 503 with Retry-After at once; other addresses and freed slots are served', async () => {
    const { origin } = await start({ headersTimeoutMs: 10_000, requestTimeoutMs: 10_000, maxPerAddress: 3 });
    const held = await openSockets(origin, 3);
    try {
      const refused = await trickle(origin, { head: `${LIST}\r\n`, forMs: 3000 });
      expect(refused.status).toBe(503);
      expect(headerOf(refused.head, 'Retry-After')).toBe('5');
      expect(headerOf(refused.head, 'X-Request-Id')).toMatch(/^req_/);
      expect(refused.closedByServer).toBe(true);
      expect(refused.ms).toBeLessThan(2500);
      // 127.0.0.2 reaches the server over loopback as another client.
      const other = await trickle(origin, { head: `${LIST}Connection: close\r\n\r\n`, forMs: 3000, localAddress: '127.0.0.2' });
      expect(other.status).toBe(200);
      held[0]!.destroy();
      await expect.poll(async () => (await trickle(origin, { head: `${LIST}Connection: close\r\n\r\n`, forMs: 3000 })).status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });
});

describe('local sandbox: what Node refuses itself', () => {
  it('malformed HTTP is 400 and oversized headers 431, in the API\'s problem format with an X-Request-Id', async () => {
    const { origin } = await start(quick);
    const malformed = await trickle(origin, { head: 'GET /v1/caravans HTTP/1.1\r\nHost localhost\r\n\r\n', forMs: 3000 });
    expect(malformed.status).toBe(400);
    expect(headerOf(malformed.head, 'X-Request-Id')).toMatch(/^req_/);
    expect(JSON.parse(malformed.body)).toMatchObject({ status: 400 });
    const oversized = await trickle(origin, { head: `${LIST}X-Big: ${'z'.repeat(20_000)}\r\n\r\n`, forMs: 3000 });
    expect(oversized.status).toBe(431);
    expect(headerOf(oversized.head, 'X-Request-Id')).toMatch(/^req_/);
    expect(oversized.closedByServer).toBe(true);
  });
});
