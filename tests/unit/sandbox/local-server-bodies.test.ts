// The local HTTP sandbox stops reading a body at its limit (issue 39, item 4): a larger upload is
// answered 413 and its connection closed, never read to its end. A raw socket pumps a chunked
// body for as long as the server takes it.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox as caravanExtension } from '../../../content/_sandbox/caravan/extension.ts';
import { startLocalServer, type LocalServer } from '../../../src/sandbox/node/local-server.ts';
import { createNodeSandbox } from '../../../src/sandbox/node/server.ts';
import { openapi } from './support/openapi-contract.ts';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ sandbox: createNodeSandbox({ document: openapi, extension: caravanExtension }), port: 0 });
});
afterAll(() => server.close());

function chunkedFlood(head: string, forMs: number): Promise<{ status: number; ms: number; closedByServer: boolean }> {
  const { port } = new URL(server.origin);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    let open = true;
    const chunk = `${(64 * 1024).toString(16)}\r\n${'x'.repeat(64 * 1024)}\r\n`;
    socket.setEncoding('utf8');
    socket.on('data', (data) => (received += data));
    socket.on('error', () => undefined);
    const finish = (closedByServer: boolean) => {
      if (!open) return;
      open = false;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), ms: Date.now() - started, closedByServer });
    };
    const timer = setTimeout(() => finish(false), forMs);
    socket.on('close', () => finish(true));
    const pump = () => {
      while (open && !socket.destroyed) if (!socket.write(chunk)) return void socket.once('drain', pump);
    };
    socket.write(`${head}\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n`, pump);
  });
}

describe('local sandbox bodies', () => {
  it('a chunked body over the limit is answered 413 and its connection closed, not read to its end', async () => {
    const flood = await chunkedFlood('PATCH /v1/caravans/car_002 HTTP/1.1\r\nAuthorization: Bearer sandbox-trader\r\nContent-Type: application/json', 6000);
    expect(flood.status).toBe(413);
    expect(flood.closedByServer).toBe(true);
    expect(flood.ms).toBeLessThan(3000);
    // The server goes on answering.
    expect((await fetch(`${server.origin}/v1/caravans?per_page=1`, { headers: { Authorization: 'Bearer sandbox-trader' } })).status).toBe(200);
  });
});
