import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { siteUrl } from './support/sites.ts';

// Issue 39: requests an HTTP client would never send, written byte for byte on a raw socket, to
// the sign-in build of the default site behind its front server (`caravan-docs serve`).

interface RawAnswer {
  status: number;
  head: string;
  body: string;
  /** The server closed the connection (rather than the test giving up after `timeoutMs`). */
  closedByServer: boolean;
  ms: number;
}

/** Writes `text` and resolves with what came back once the server closes the connection (or `timeoutMs` passes). */
function rawExchange(text: string, options: { url?: string; timeoutMs?: number } = {}): Promise<RawAnswer> {
  const { port } = new URL(options.url ?? siteUrl('authdefault'));
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    let closedByServer = true;
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => undefined);
    const timer = setTimeout(() => {
      closedByServer = false;
      socket.destroy();
    }, options.timeoutMs ?? 10_000);
    socket.on('close', () => {
      clearTimeout(timer);
      const at = received.indexOf('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), head: at < 0 ? received : received.slice(0, at), body: at < 0 ? '' : received.slice(at + 4), closedByServer, ms: Date.now() - started });
    });
    socket.write(text);
  });
}

test.describe('a Host with userinfo (item 3)', () => {
  for (const [label, text] of [
    ['the sign-in page', 'GET /login HTTP/1.1\r\nHost: a@localhost\r\nConnection: close\r\n\r\n'],
    ['a gated page', 'GET /1.2/operations/runbook/ HTTP/1.1\r\nHost: a@localhost\r\nConnection: close\r\n\r\n'],
    ['the MCP endpoint', 'POST /mcp HTTP/1.1\r\nHost: a@localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}'],
    ['sign-in', 'GET /api/auth/providers HTTP/1.1\r\nHost: user:pass@localhost\r\nConnection: close\r\n\r\n'],
  ] as const) {
    test(`on ${label} is 400, never a 5xx`, async () => {
      const answer = await rawExchange(text);
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('Host header');
    });
  }
});
