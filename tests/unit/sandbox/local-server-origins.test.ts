// The local HTTP sandbox (npm run sandbox) answers browsers of the docs site's origin and of
// localhost only: a page elsewhere can neither read its answers nor change or reset its state
// (issue 19, item 10). Clients without an Origin (curl, SDKs) are unaffected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox as caravanExtension } from '../../../content/_sandbox/caravan/extension.ts';
import { RESET_PATH, startLocalServer, type LocalServer } from '../../../src/sandbox/node/local-server.ts';
import { createNodeSandbox } from '../../../src/sandbox/node/server.ts';
import { openapi } from './support/openapi-contract.ts';

const SITE = 'https://docs.caravan.example';
let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ sandbox: createNodeSandbox({ document: openapi, extension: caravanExtension }), port: 0, siteOrigin: SITE });
});
afterAll(() => server.close());

const trader = { Authorization: 'Bearer sandbox-trader' };
const rename = (origin: string | undefined) =>
  fetch(`${server.origin}/v1/caravans/car_002`, {
    method: 'PATCH',
    headers: { ...trader, 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
    body: JSON.stringify({ name: `Renamed from ${origin ?? 'curl'}` }),
  });

describe('local sandbox origins', () => {
  for (const origin of [SITE, 'http://localhost:4321', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'https://localhost']) {
    it(`allows ${origin}: reads and writes carry its origin in Access-Control-Allow-Origin`, async () => {
      const read = await fetch(`${server.origin}/v1/caravans?per_page=1`, { headers: { ...trader, Origin: origin } });
      expect(read.status).toBe(200);
      expect(read.headers.get('access-control-allow-origin')).toBe(origin);
      expect(read.headers.get('vary')).toMatch(/origin/i);
      const preflight = await fetch(`${server.origin}/v1/caravans/car_002`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'PATCH' } });
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      expect((await rename(origin)).status).toBe(200);
      expect((await fetch(`${server.origin}${RESET_PATH}`, { method: 'POST', headers: { Origin: origin } })).status).toBe(204);
    });
  }

  for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'https://docs.caravan.example.evil.example', 'http://docs.caravan.example', 'null']) {
    it(`refuses ${origin}: no CORS headers, and writes and resets are 403`, async () => {
      const read = await fetch(`${server.origin}/v1/caravans?per_page=1`, { headers: { ...trader, Origin: origin } });
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await fetch(`${server.origin}/v1/caravans/car_002`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'PATCH' } });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      const write = await rename(origin);
      expect(write.status).toBe(403);
      expect(write.headers.get('access-control-allow-origin')).toBeNull();
      expect(await write.json()).toMatchObject({ status: 403 });
      const reset = await fetch(`${server.origin}${RESET_PATH}`, { method: 'POST', headers: { Origin: origin } });
      expect(reset.status).toBe(403);
      expect(reset.headers.get('access-control-allow-origin')).toBeNull();
      const caravans = (server.sandbox.store.state as { caravans: Array<{ id: string; name: string }> }).caravans;
      expect(caravans.find((caravan) => caravan.id === 'car_002')?.name).not.toContain(origin);
    });
  }

  it('clients without an Origin header (curl, SDKs) read, write and reset as before', async () => {
    const read = await fetch(`${server.origin}/v1/caravans?per_page=1`, { headers: trader });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    expect((await rename(undefined)).status).toBe(200);
    expect((await fetch(`${server.origin}${RESET_PATH}`, { method: 'POST' })).status).toBe(204);
  });
});
