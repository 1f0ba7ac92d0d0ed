import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox as caravanExtension } from '../../../content/_sandbox/caravan/extension.ts';
import type { SandboxState } from '../../../content/_sandbox/caravan/domain/state.ts';
import { RESET_PATH, startLocalServer, type LocalServer } from '../../../src/sandbox/node/local-server.ts';
import { createNodeSandbox } from '../../../src/sandbox/node/server.ts';
import { expectMatchesOpenApi, openapi } from './support/openapi-contract.ts';

let sandbox: LocalServer & { store: { state: SandboxState } };
beforeAll(async () => {
  const server = await startLocalServer({ sandbox: createNodeSandbox({ document: openapi, extension: caravanExtension }), port: 0 });
  sandbox = Object.assign(server, { store: server.sandbox.store as { state: SandboxState } });
});
afterAll(() => sandbox.close());

const trader = { Authorization: 'Bearer sandbox-trader' };

describe('the local HTTP server (npm run sandbox)', () => {
  it('listens on 127.0.0.1 and serves v1 under /v1', async () => {
    expect(sandbox.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${sandbox.origin}/v1/caravans?per_page=2`, { headers: trader });
    expect(response.status).toBe(200);
    const body = (await expectMatchesOpenApi(response, 'listCaravans')) as { items: unknown[]; total: number };
    expect(body.items).toHaveLength(2);
  });

  it('serves the partner interface under /v2 and keeps state between calls', async () => {
    const route = { name: 'Local Road', region: 'Egypt', waypoints: ['Cairo', 'Luxor'] };
    const init = { method: 'POST', headers: { Authorization: 'Bearer sandbox-partner', 'Content-Type': 'application/json' }, body: JSON.stringify(route) };
    const created = await fetch(`${sandbox.origin}/v2/routes`, init);
    expect(created.status).toBe(201);
    await expectMatchesOpenApi(created, 'publishRoute');
    const duplicate = await fetch(`${sandbox.origin}/v2/routes`, init);
    expect(duplicate.status).toBe(409);
    await expectMatchesOpenApi(duplicate, 'publishRoute');
  });

  it('answers errors as problems: 401, 415, 405 and 404 outside the interfaces', async () => {
    const unauthenticated = await fetch(`${sandbox.origin}/v1/caravans`);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('www-authenticate')).toBe('Bearer');
    const form = await fetch(`${sandbox.origin}/v1/caravans/car_001`, { method: 'PATCH', headers: { ...trader, 'Content-Type': 'text/plain' }, body: 'x' });
    expect(form.status).toBe(415);
    const wrongMethod = await fetch(`${sandbox.origin}/v1/caravans`, { method: 'DELETE', headers: trader });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const outside = await fetch(`${sandbox.origin}/elsewhere`);
    expect(outside.status).toBe(404);
    expect(outside.headers.get('content-type')).toBe('application/problem+json');
  });

  it('restores the seed on POST /__sandbox/reset', async () => {
    const patch = await fetch(`${sandbox.origin}/v1/caravans/car_002`, {
      method: 'PATCH',
      headers: { ...trader, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed' }),
    });
    expect(patch.status).toBe(200);
    expect((await fetch(`${sandbox.origin}${RESET_PATH}`, { method: 'POST' })).status).toBe(204);
    expect(sandbox.store.state.caravans.find((caravan) => caravan.id === 'car_002')?.name).toBe('Silver Crescent');
  });
});

describe('caravan-docs sandbox', () => {
  it('starts the server on the port given by --port and answers curl-style calls', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['src/cli/caravan-docs.js', 'sandbox', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`no banner within 20 s: ${output}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match !== null) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      const response = await fetch(`${origin}/v1/caravans`, { headers: trader });
      expect(response.status).toBe(200);
      await expectMatchesOpenApi(response, 'listCaravans');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('rejects a bad --port', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, ['src/cli/caravan-docs.js', 'sandbox', '--port', 'abc'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--port must be an integer');
  });
});

describe('methods fetch cannot carry', () => {
  it('TRACE on a known path is 405 with Allow, on an unknown path 404; never a 500', async () => {
    const { request } = await import('node:http');
    const send = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const call = request(`${sandbox.origin}${path}`, { method, headers: { Authorization: 'Bearer sandbox-trader' } }, (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }));
        });
        call.on('error', reject);
        call.end();
      });
    {
      const known = await send('TRACE', '/v1/caravans');
      expect(known.status).toBe(405);
      expect(known.allow).toContain('GET');
      expect(JSON.parse(known.body)).toMatchObject({ status: 405, code: 'method_not_allowed' });
      expect((await send('TRACE', '/v1/nowhere')).status).toBe(404);
    }
  });
});

describe('what an outside conformance run checks', () => {
  const raw = (method: string, path: string) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(async (resolve, reject) => {
      const { request } = await import('node:http');
      const call = request(`${sandbox.origin}${path}`, { method, headers: trader }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      call.on('error', reject);
      call.end();
    });

  it('HEAD carries the GET\'s Content-Length and no body', async () => {
    const get = await raw('GET', '/v1/caravans?per_page=3');
    const head = await raw('HEAD', '/v1/caravans?per_page=3');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
  });

  it('204 answers carry no Content-Length', async () => {
    const options = await raw('OPTIONS', '/v1/caravans');
    expect(options.status).toBe(204);
    expect(options.headers['content-length']).toBeUndefined();
    const reset = await raw('POST', RESET_PATH);
    expect(reset.status).toBe(204);
    expect(reset.headers['content-length']).toBeUndefined();
  });

  it('a page number of 17 digits or more is an empty page, not "must be an integer"', async () => {
    const huge = await raw('GET', '/v1/caravans?page=123456789012345678901234');
    expect(huge.status).toBe(200);
    expect(JSON.parse(huge.body)).toMatchObject({ items: [], has_more: false, next_page: null });
  });
});

describe('npm run sandbox for any docs root (DOCS_ROOT) and version', () => {
  it('serves the Lending Library fixture site, each server under its own path', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['src/cli/caravan-docs.js', 'sandbox', '--port', '0', '--version', 'v1'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DOCS_ROOT: 'tests/fixtures/any-api' } });
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = '';
        const timer = setTimeout(() => reject(new Error(`no banner within 20 s: ${text}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (/reset the data/.test(text)) {
            clearTimeout(timer);
            resolve(text);
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${text}`)));
      });
      const origin = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
      expect(output).toContain('/api/v1  stands for  https://central.library.example.org/api/v1');
      const items = await fetch(`${origin}/api/v1/items`);
      expect(items.status).toBe(200);
      expect(Array.isArray(await items.json())).toBe(true);
      const created = await fetch(`${origin}/api/v1/members`, { method: 'POST', headers: { Authorization: 'Bearer anything', 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Ada' }) });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      expect((await fetch(`${origin}/api/v1/members/${id}`, { headers: { Authorization: 'Bearer anything' } })).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('names the versions that have a description when --version is wrong', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, ['src/cli/caravan-docs.js', 'sandbox', '--version', '9.9'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--version must be one of 1.2, 1.1, 2.0-beta');
  });
});
