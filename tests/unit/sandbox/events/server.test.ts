import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { EMIT_PATH, startEventServer, TRANSPORT_FRAME_BYTES, type EventServer } from '../../../../src/sandbox/node/events-server.ts';
import { eventSandbox, FIXTURES } from './support.ts';

/** A connected `ws` client whose frames can be awaited one by one (each wait bounded). */
interface Client {
  socket: WebSocket;
  next(): Promise<any>;
  /** How the connection closed (waited for at most 5 s). */
  closed(): Promise<{ code: number; reason: string }>;
}

/** A promise that fails after `ms`, so no test waits on a socket for ever. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_done, fail) => (timer = setTimeout(() => fail(new Error(`${what} within ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, handshakeTimeout: 5000 });
    const frames: string[] = [];
    const waiting: Array<(frame: string) => void> = [];
    socket.on('message', (data: Buffer) => {
      const waiter = waiting.shift();
      if (waiter) waiter(data.toString());
      else frames.push(data.toString());
    });
    const closing = new Promise<{ code: number; reason: string }>((done) => socket.once('close', (code, reason) => done({ code, reason: reason.toString() })));
    socket.once('unexpected-response', (_request, response) => reject(Object.assign(new Error(`refused with ${response.statusCode}`), { status: response.statusCode })));
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        closed: () => within(closing, 5000, 'no close'),
        next: () =>
          new Promise((done, fail) => {
            const frame = frames.shift();
            if (frame !== undefined) return done(JSON.parse(frame));
            const timer = setTimeout(() => fail(new Error('no frame within 5 s')), 5000);
            waiting.push((text) => {
              clearTimeout(timer);
              done(JSON.parse(text));
            });
          }),
      }),
    );
  });
}

const refusal = (url: string, headers: Record<string, string> = {}) => connect(url, headers).then(() => 'open', (error: { status?: number }) => error.status);

describe('the local event sandbox (ws://) for Kraken', () => {
  let server: EventServer;
  beforeAll(async () => {
    server = await startEventServer({ sandbox: await eventSandbox('kraken-3.1.yml'), port: 0, siteOrigin: 'https://docs.example.com' });
  });
  afterAll(() => server.close());

  it('serves a description without servers at the root of 127.0.0.1', () => {
    expect(server.origin).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(server.endpoints).toEqual([`${server.origin}/`]);
  });

  it('answers with correlated replies and error frames, and the connection stays open', async () => {
    const client = await connect(`${server.origin}/`);
    client.socket.send(JSON.stringify({ event: 'subscribe', reqid: 31, pair: ['XBT/USD'], subscription: { name: 'trade' } }));
    expect(await client.next()).toMatchObject({ event: 'subscriptionStatus', reqid: 31 });
    client.socket.send('{"event":"teleport"}');
    expect((await client.next()).error.code).toBe('no_matching_operation');
    client.socket.send(Buffer.alloc(70_000, 0x20));
    expect((await client.next()).error.code).toBe('too_large');
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.send('{"event":"ping","reqid":32}');
    expect(await client.next()).toEqual({ event: 'pong', reqid: 32 });
    client.socket.close();
    await client.closed();
  });

  it('closes a connection whose frame is over what the transport holds (1 MiB) with 1009', async () => {
    const client = await connect(`${server.origin}/`);
    client.socket.send(Buffer.alloc(TRANSPORT_FRAME_BYTES + 1, 0x20));
    expect((await client.closed()).code).toBe(1009);
  });

  it('refuses before the upgrade: a path without a channel (404), a foreign page (403), a foreign Host (403)', async () => {
    expect(await refusal(`${server.origin}/private`)).toBe(404);
    expect(await refusal(`${server.origin}/`, { Origin: 'https://attacker.example' })).toBe(403);
    expect(await refusal(`${server.origin}/`, { Host: 'rebound.attacker.example' })).toBe(403);
    const local = await connect(`${server.origin}/`, { Origin: 'http://localhost:4321' });
    const site = await connect(`${server.origin}/`, { Origin: 'https://docs.example.com' });
    local.socket.close();
    site.socket.close();
  });

  it('sends what the API sends on its own on POST /__sandbox/emit', async () => {
    const client = await connect(`${server.origin}/`);
    const http = server.origin.replace('ws:', 'http:');
    const sent = await fetch(`${http}${EMIT_PATH}?operation=heartbeat`, { method: 'POST' });
    expect(await sent.json()).toEqual({ operation: 'heartbeat', sent: 1 });
    expect(await client.next()).toEqual({ event: 'heartbeat' });
    expect((await fetch(`${http}${EMIT_PATH}?operation=subscribe`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${http}${EMIT_PATH}?operation=heartbeat`, { method: 'POST', headers: { Origin: 'https://attacker.example' } })).status).toBe(403);
    client.socket.close();
  });

  it('closes open connections with 1001 when it stops', async () => {
    const own = await startEventServer({ sandbox: await eventSandbox('kraken-3.1.yml'), port: 0 });
    const client = await connect(`${own.origin}/`);
    await own.close();
    expect((await client.closed()).code).toBe(1001);
  });
});

describe('the local event sandbox for Gemini (a server with channels under a path template)', () => {
  it('serves each channel at its address under the server, parameters from their enum', async () => {
    const server = await startEventServer({ sandbox: await eventSandbox('gemini-3.1.yml'), port: 0 });
    try {
      expect(server.mounts).toEqual([{ prefix: '', server: 'wss://api.gemini.com' }]);
      expect(server.endpoints).toEqual([`${server.origin}/v1/marketdata/{symbol}`]);
      expect(await refusal(`${server.origin}/v1/marketdata/dogeusd`)).toBe(404);
      const client = await connect(`${server.origin}/v1/marketdata/btcusd?heartbeat=true`);
      client.socket.send('{"type":"subscribe"}');
      expect((await client.next()).error.message).toContain('the API only sends here');
      await fetch(`${server.origin.replace('ws:', 'http:')}${EMIT_PATH}?operation=sendMarketData&example=1`, { method: 'POST' });
      expect(await client.next()).toEqual({ type: 'heartbeat', socket_sequence: 1656 });
      client.socket.close();
    } finally {
      await server.close();
    }
  });
});

describe('caravan-docs sandbox --api <event API>', () => {
  it('prints the endpoints and bounds, answers a ws client, takes its limits from the environment, and closes it cleanly on SIGTERM', async () => {
    const root = mkdtempSync(join(tmpdir(), 'event-site-'));
    mkdirSync(join(root, 'config'));
    mkdirSync(join(root, 'content/v1/apis/kraken'), { recursive: true });
    writeFileSync(join(root, 'config/site.yml'), 'title: Event Docs\nurl: https://docs.events.example\n');
    writeFileSync(join(root, 'config/versions.yml'), '- { id: "v1", label: "v1", stable: true }\n');
    writeFileSync(join(root, 'content/v1/nav.yml'), '- slug: overview\n');
    writeFileSync(join(root, 'content/v1/overview.md'), '---\ntitle: Overview\n---\n\nEvents.\n');
    cpSync(join(FIXTURES, 'kraken-3.1.yml'), join(root, 'content/v1/apis/kraken/asyncapi.yml'));
    const env = { ...process.env, CARAVAN_DOCS_MAX_WEBSOCKETS_PER_ADDRESS: '1' };
    const child = spawn(process.execPath, ['src/cli/caravan-docs.js', 'sandbox', '--root', root, '--port', '0', '--api', 'kraken'], { stdio: ['ignore', 'pipe', 'pipe'], env });
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = '';
        const timer = setTimeout(() => reject(new Error(`no banner within 30 s: ${text}`)), 30_000);
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (/browsers may connect/.test(text)) {
            clearTimeout(timer);
            resolve(text);
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
        void exited.then((code) => reject(new Error(`exited with ${code}: ${text}`)));
      });
      expect(output).toContain('Event sandbox for Kraken Websockets API (v1, API kraken) listening on ws://127.0.0.1:');
      expect(output).toContain('clients send:  receivePing, subscribe, unsubscribe');
      expect(output).toContain('32 WebSockets, 1 per address; closed after 300 s with no frame either way; 10 s for a request\'s headers');
      const origin = /listening on (ws:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
      const client = await connect(`${origin}/`);
      client.socket.send('{"event":"ping","reqid":8}');
      expect(await client.next()).toEqual({ event: 'pong', reqid: 8 });
      expect(await refusal(`${origin}/`)).toBe(503);
      child.kill('SIGTERM');
      expect((await client.closed()).code).toBe(1001);
      expect(await within(exited, 5000, 'no exit')).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
