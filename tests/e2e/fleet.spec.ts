import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURE_USERS } from './support/auth.ts';
import { FLEET_PAGES, get, sealedSession, signIn, signOut, startInstance, tryPassword } from './support/fleet.ts';
import { startNodeServer, type RunningServer } from './support/node-server.ts';
import { startRedis, type RunningRedis } from './support/redis-server.ts';
import { astroBuild, OIDC_TEST, OUTPUT, outDir, PROJECT_ROOT } from './support/sites.ts';

// A fleet: two instances of one server build (the auth fixture) sharing one redis-server, all on
// 127.0.0.1 and started here. What one instance records, the other enforces at once.
test.describe.configure({ mode: 'serial' });

const { partner, reader } = FIXTURE_USERS;
let redis: RunningRedis;
let a: RunningServer;
let b: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  redis = await startRedis();
  [a, b] = await Promise.all([startInstance(outDir('auth'), redis.url), startInstance(outDir('auth'), redis.url)]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
});

async function expectSignedOut(server: RunningServer, session: string) {
  const response = await get(server, FLEET_PAGES.gated, session);
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toContain('/login?next=');
  expect(await response.text()).not.toContain(FLEET_PAGES.marker);
  expect(await (await get(server, '/api/auth/reader', session)).json()).toBeNull();
}

test('signing out on B ends the session on A at once, and only that session', async () => {
  const session = await signIn(a, partner.username, partner.password);
  const other = await signIn(b, partner.username, partner.password);
  // Twice on A: the second answer comes from A's decoded-session and page caches.
  for (let index = 0; index < 2; index += 1) {
    const page = await get(a, FLEET_PAGES.gated, session);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(FLEET_PAGES.marker);
  }
  const out = await signOut(b, session);
  expect(out.status).toBe(302);
  await expectSignedOut(a, session);
  await expectSignedOut(b, session);
  // Auth.js's own session endpoint agrees.
  expect(await (await get(a, '/api/auth/session', session)).json()).toBeNull();
  expect(await (await get(a, '/api/auth/session', other)).json()).toMatchObject({ user: { name: partner.name } });
  expect((await get(a, FLEET_PAGES.gated, other)).status).toBe(200);
});

test('failed guesses spread over A and B hit one shared limit', async () => {
  for (let index = 0; index < 5; index += 1) {
    const response = await tryPassword(index % 2 === 0 ? a : b, reader.username, `wrong-${index}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toContain('error=CredentialsSignin');
  }
  for (const server of [b, a]) {
    // Even the right password from the same address: that pair is paused on every instance, for the rest of the minute.
    const response = await tryPassword(server, reader.username, reader.password);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await response.text()).toContain('Too many sign-in attempts');
  }
});

test('an admin signs a reader out everywhere: every session of theirs ends on every instance', async () => {
  const first = await signIn(a, partner.username, partner.password);
  const second = await signIn(b, partner.username, partner.password);
  const admin = await sealedSession({ sub: 'ops-admin', name: 'Ops Admin', roles: ['admin'] });
  const endpoint = (server: RunningServer, cookie: string, body: unknown, type = 'application/json') =>
    fetch(`${server.url}api/admin/sign-out-everywhere`, { method: 'POST', headers: { cookie, 'content-type': type }, body: JSON.stringify(body), signal: AbortSignal.timeout(3_000) });

  expect((await endpoint(a, '', { reader: partner.username })).status).toBe(401);
  expect((await endpoint(a, first, { reader: partner.username })).status).toBe(403);
  expect((await endpoint(a, admin, { reader: partner.username }, 'text/plain')).status).toBe(415);
  expect((await endpoint(a, admin, {})).status).toBe(400);
  // Nothing above ended anything.
  expect((await get(b, FLEET_PAGES.gated, first)).status).toBe(200);

  const done = await endpoint(b, admin, { reader: partner.username });
  expect(done.status).toBe(200);
  expect(await done.json()).toMatchObject({ reader: partner.username });
  await expectSignedOut(a, first);
  await expectSignedOut(a, second);
  await expectSignedOut(b, second);
  // The admin's own session is untouched; signing in again (in a later second) works.
  expect(await (await get(a, '/api/auth/reader', admin)).json()).toMatchObject({ name: 'Ops Admin' });
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const again = await signIn(b, partner.username, partner.password);
  expect((await get(a, FLEET_PAGES.gated, again)).status).toBe(200);
});

test('a new build never serves pages or search indexes made under the previous build’s role rules', async () => {
  test.setTimeout(600_000);
  // The next deploy of the same site moves "Partner network" to admins only.
  const source = join(OUTPUT, 'fleet-next-src');
  rmSync(source, { recursive: true, force: true });
  cpSync(join(PROJECT_ROOT, 'tests/fixtures/auth'), source, { recursive: true });
  const nav = join(source, 'content/1.0/nav.yml');
  writeFileSync(nav, readFileSync(nav, 'utf8').replace('roles: [partner]', 'roles: [admin]'));
  const build = astroBuild(source, outDir('fleet-next'));
  expect(build.status, build.output).toBe(0);

  const session = await signIn(a, partner.username, partner.password);
  const admin = await sealedSession({ sub: 'ops-admin', name: 'Ops Admin', roles: ['admin', 'partner'] });
  // The previous build has rendered (and cached) the page for the partner.
  for (let index = 0; index < 2; index += 1) expect((await get(a, FLEET_PAGES.gated, session)).status).toBe(200);
  const next = await startInstance(outDir('fleet-next'), redis.url, source);
  try {
    // The same session, on the new build: its role rules apply, not a page cached under the old ones.
    const page = await get(next, FLEET_PAGES.gated, session);
    expect(page.status).toBe(403);
    expect(await page.text()).not.toContain(FLEET_PAGES.marker);
    // Gated search indexes are keyed by the build: no index URL of the previous build opens on the new one.
    const indexes = async (server: RunningServer) => ((await (await get(server, '/api/auth/reader', admin)).json()) as { searchIndexes: string[] }).searchIndexes;
    const [previous, current] = [await indexes(a), await indexes(next)];
    expect(previous.length).toBeGreaterThan(0);
    expect(current.length).toBeGreaterThan(0);
    expect(current.filter((url) => previous.includes(url))).toEqual([]);
    for (const url of previous) expect((await get(next, `${url}pagefind-entry.json`, admin)).status).toBe(404);
    for (const url of current) expect((await get(next, `${url}pagefind-entry.json`, admin)).status).toBe(200);
  } finally {
    await next.stop();
  }
});

test('one instance without Redis (the default): a signed-out cookie is refused by that instance', async () => {
  const single = await startNodeServer(outDir('auth'), '/', { CARAVAN_DOCS_OIDC_CLIENT_SECRET: OIDC_TEST.clientSecret }, { docsRoot: join(PROJECT_ROOT, 'tests/fixtures/auth') });
  try {
    const session = await signIn(single, partner.username, partner.password);
    expect((await get(single, FLEET_PAGES.gated, session)).status).toBe(200);
    expect((await signOut(single, session)).status).toBe(302);
    await expectSignedOut(single, session);
    expect(single.output()).not.toContain('shared store');
  } finally {
    await single.stop();
  }
});
