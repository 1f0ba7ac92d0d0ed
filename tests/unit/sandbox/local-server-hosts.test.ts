// The local HTTP sandbox answers for its own names and loopback addresses only (issue 39, item 1):
// a page whose name an attacker points at 127.0.0.1 (DNS rebinding) sends its own Host and, for a
// same-origin GET, no Origin, so the Origin check alone would let it read the sandbox. Raw sockets:
// an HTTP client would write the Host itself.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox as caravanExtension } from '../../../content/_sandbox/caravan/extension.ts';
import { startLocalServer, type LocalServer } from '../../../src/sandbox/node/local-server.ts';
import { createNodeSandbox } from '../../../src/sandbox/node/server.ts';
import { openapi } from './support/openapi-contract.ts';

let plain: LocalServer;
let container: LocalServer;
beforeAll(async () => {
  plain = await startLocalServer({ sandbox: createNodeSandbox({ document: openapi, extension: caravanExtension }), port: 0, siteOrigin: 'https://docs.caravan.example' });
  // As in a container network: other containers call it by its service name.
  container = await startLocalServer({ sandbox: createNodeSandbox({ document: openapi, extension: caravanExtension }), port: 0, allowedHosts: ['sandbox', 'api.local:8080'] });
});
afterAll(async () => {
  await plain.close();
  await container.close();
});

/** Sends `head` (the request line and headers, without the blank line) and returns the status and body. */
function rawRequest(server: LocalServer, head: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), body: text.slice(text.indexOf('\r\n\r\n') + 4) }));
    socket.setTimeout(5000, () => socket.destroy());
    socket.end(`${head}\r\nAuthorization: Bearer sandbox-trader\r\nConnection: close\r\n\r\n`);
  });
}

const read = (server: LocalServer, hostLines: string) => rawRequest(server, `GET /v1/caravans?per_page=1 HTTP/1.1${hostLines}`);

describe('local sandbox hosts', () => {
  it('answers its loopback names, with any port, and HTTP/1.0 requests without a Host', async () => {
    const { port } = new URL(plain.origin);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'LOCALHOST', '127.0.0.1']) {
      const answer = await read(plain, `\r\nHost: ${host}`);
      expect(answer.status, host).toBe(200);
      expect(answer.body, host).toContain('car_');
    }
    expect((await rawRequest(plain, 'GET /v1/caravans?per_page=1 HTTP/1.0')).status).toBe(200);
  });

  for (const host of ['attacker.example:4010', 'attacker.example', 'localhost.attacker.example', '127.0.0.1.nip.io:4010', 'docs.caravan.example', 'sandbox']) {
    it(`refuses Host: ${host} with 403 and no data (DNS rebinding), even with no Origin`, async () => {
      const answer = await read(plain, `\r\nHost: ${host}`);
      expect(answer.status).toBe(403);
      expect(answer.body).not.toContain('car_');
      expect(answer.body).toContain('--allowed-hosts');
    });
  }

  for (const [label, lines] of [
    ['userinfo', '\r\nHost: a@localhost'],
    ['a path', '\r\nHost: localhost/x'],
    ['two Host headers', '\r\nHost: localhost\r\nHost: attacker.example'],
    ['an empty Host', '\r\nHost: '],
    ['a port out of range', '\r\nHost: localhost:99999'],
  ] as const) {
    it(`answers a Host with ${label} 400, never 5xx`, async () => {
      const answer = await read(plain, lines);
      expect(answer.status).toBe(400);
      expect(answer.body).not.toContain('car_');
    });
  }

  it('answers the names it was given (--allowed-hosts), any port, and still refuses others', async () => {
    for (const host of ['sandbox:4010', 'sandbox', 'api.local', 'localhost']) expect((await read(container, `\r\nHost: ${host}`)).status, host).toBe(200);
    for (const host of ['sandbox.attacker.example', 'attacker.example']) expect((await read(container, `\r\nHost: ${host}`)).status, host).toBe(403);
    expect(container.hosts).toEqual(['localhost', '127.0.0.1', '[::1]', 'sandbox', 'api.local']);
  });
});

describe('caravan-docs sandbox --allowed-hosts', () => {
  it('adds the names, prints every host it answers for, and refuses a value that is not a host name', async () => {
    const { spawn, spawnSync } = await import('node:child_process');
    const child = spawn(process.execPath, ['src/cli/caravan-docs.js', 'sandbox', '--port', '0', '--allowed-hosts', 'sandbox,api.local', '--allowed-hosts', 'docs-sandbox'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = '';
        const timer = setTimeout(() => reject(new Error(`no banner within 20 s: ${text}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (/answers for the hosts .*\n/.test(text)) {
            clearTimeout(timer);
            resolve(text);
          }
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${text}`)));
      });
      expect(output).toContain('it answers for the hosts localhost, 127.0.0.1, [::1], sandbox, api.local, docs-sandbox only');
      const origin = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
      const server = { origin } as LocalServer;
      expect((await read(server, '\r\nHost: docs-sandbox:4010')).status).toBe(200);
      expect((await read(server, '\r\nHost: attacker.example:4010')).status).toBe(403);
    } finally {
      child.kill('SIGTERM');
    }
    for (const [args, message] of [
      [['--allowed-hosts', 'a@localhost'], '--allowed-hosts takes host names separated by commas (sandbox,api.local), and "a@localhost" is not one.'],
      [['--host', 'sandbox'], '--host must be an IP address to listen on (127.0.0.1, or 0.0.0.0 in a container), not "sandbox".'],
    ] as const) {
      const refused = spawnSync(process.execPath, ['src/cli/caravan-docs.js', 'sandbox', ...args], { encoding: 'utf8' });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain(message);
    }
  }, 30_000);
});
