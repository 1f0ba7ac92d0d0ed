import { expect, test } from '@playwright/test';
import { FIXTURE_USERS } from './support/auth.ts';
import { csrf, FLEET_PAGES, get, postSignOut, REQUEST_DEADLINE_MS, signIn, signOut, startInstance } from './support/fleet.ts';
import { join } from 'node:path';
import { startNodeServer } from './support/node-server.ts';
import type { RunningServer } from './support/node-server.ts';
import { startRedis, type RunningRedis } from './support/redis-server.ts';
import { OIDC_TEST, outDir, PROJECT_ROOT } from './support/sites.ts';

// Faults in a fleet of two instances and one redis-server, under a bounded load: the store stops
// and restarts, an instance dies. At no moment may a gated page reach a reader without the role
// (or a signed-out session), no request may hang, and the answers are the ones the README names.
test.describe.configure({ mode: 'serial' });

const { partner, reader } = FIXTURE_USERS;
let redis: RunningRedis;
let a: RunningServer;
let b: RunningServer;
/** Sessions: the partner (has the role), a reader without it, and a partner session signed out before the load. */
let sessions: { partner: string; reader: string; signedOut: string };

test.beforeAll(async () => {
  test.setTimeout(90_000);
  redis = await startRedis();
  [a, b] = await Promise.all([startInstance(outDir('auth'), redis.url), startInstance(outDir('auth'), redis.url)]);
});

test.beforeEach(async () => {
  const signedOut = await signIn(a, partner.username, partner.password);
  expect((await signOut(b, signedOut)).status).toBe(302);
  sessions = { partner: await signIn(b, partner.username, partner.password), reader: await signIn(a, reader.username, reader.password), signedOut };
});

test.afterAll(async () => {
  // A killed instance has exited already: stop() only waits for instances still running.
  await Promise.all([a, b].filter((server) => server && server.process.exitCode === null && server.process.signalCode === null).map((server) => server.stop()));
  await redis?.stop();
});

type Case = 'partner' | 'reader' | 'signedOut' | 'anonymous' | 'public';
interface Outcome {
  kind: Case;
  server: RunningServer;
  at: number;
  ms: number;
  status: number | 'refused';
  leaked: boolean;
  body: string;
}

/** `workers` loops of requests over both instances for `durationMs`, while `fault` runs; `dead` says which instance may drop connections. */
async function underLoad(durationMs: number, fault: () => Promise<void>, dead: (server: RunningServer) => boolean = () => false, workers = 4): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const kinds: Case[] = ['partner', 'reader', 'signedOut', 'anonymous', 'public'];
  const start = Date.now();
  const worker = async (offset: number) => {
    for (let index = offset; Date.now() - start < durationMs; index += 1) {
      const kind = kinds[index % kinds.length]!;
      const server = index % 2 === 0 ? a : b;
      const began = Date.now();
      const cookie = kind === 'anonymous' || kind === 'public' ? '' : sessions[kind];
      try {
        const response = await get(server, kind === 'public' ? FLEET_PAGES.public : FLEET_PAGES.gated, cookie);
        const body = await response.text();
        outcomes.push({ kind, server, at: began - start, ms: Date.now() - began, status: response.status, leaked: body.includes(FLEET_PAGES.marker), body });
      } catch (error) {
        // A killed instance drops or refuses connections; anything else (a timeout above all) is a failure.
        const code = (error as { cause?: { code?: string } }).cause?.code ?? '';
        const refused = dead(server) && ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(code);
        if (!refused) throw new Error(`${kind} on ${server.url} after ${Date.now() - began} ms: ${String(error)} (${String((error as { cause?: unknown }).cause)})\nServer log:\n${server.output().slice(-3_000)}`);
        outcomes.push({ kind, server, at: began - start, ms: Date.now() - began, status: 'refused', leaked: false, body: '' });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  await Promise.all([...Array.from({ length: workers }, (_, offset) => worker(offset)), fault()]);
  return outcomes;
}

/** What holds at every moment, whatever the fault. */
function expectNothingGatedLeaks(outcomes: Outcome[]) {
  for (const outcome of outcomes) {
    const label = `${outcome.kind} at ${outcome.at} ms: ${outcome.status}`;
    expect(outcome.ms, label).toBeLessThan(REQUEST_DEADLINE_MS);
    if (outcome.kind !== 'partner') expect(outcome.leaked, label).toBe(false);
    if (outcome.status === 'refused') continue;
    if (outcome.kind === 'public') expect(outcome.status, label).toBe(200);
    if (outcome.kind === 'anonymous') expect(outcome.status, label).toBe(302);
    // 302: a session ended because the store restarted empty (see the first test).
    if (outcome.kind === 'reader') expect([403, 302, 503], label).toContain(outcome.status);
    if (outcome.kind === 'signedOut') expect([302, 503], label).toContain(outcome.status);
    if (outcome.kind === 'partner') expect([200, 302, 503], label).toContain(outcome.status);
    if (outcome.status === 200 && outcome.kind === 'partner') expect(outcome.leaked, label).toBe(true);
    if (outcome.status === 503) expect(outcome.body, label).toContain('Sign-in is briefly unavailable');
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('redis-server stops mid-load and restarts: 503 while it is down, never a gated page to the wrong reader', async () => {
  test.setTimeout(60_000);
  let stoppedAt = 0;
  let restartedAt = 0;
  const logFrom = new Map([a, b].map((server) => [server, server.output().length]));
  const started = Date.now();
  const outcomes = await underLoad(6_000, async () => {
    await sleep(1_500);
    await redis.stop();
    stoppedAt = Date.now() - started;
    await sleep(2_000);
    await redis.start();
    restartedAt = Date.now() - started;
  });
  expectNothingGatedLeaks(outcomes);
  const before = outcomes.filter((outcome) => outcome.at + outcome.ms < stoppedAt - 100);
  const during = outcomes.filter((outcome) => outcome.at > stoppedAt + 300 && outcome.at + outcome.ms < restartedAt);
  // Before the stop the fleet answered; while the store was down, signed-in requests got 503 and public files 200.
  expect(before.filter((outcome) => outcome.kind === 'partner' && outcome.status === 200).length).toBeGreaterThan(0);
  const signedInDuring = during.filter((outcome) => outcome.kind === 'partner' || outcome.kind === 'reader').map((outcome) => outcome.status);
  expect(signedInDuring.length).toBeGreaterThan(0);
  expect(new Set(signedInDuring)).toEqual(new Set([503]));
  expect(during.filter((outcome) => outcome.kind === 'public').length).toBeGreaterThan(0);
  // Each instance logged the outage, naming the store, and its end: once, not once per request
  // (a stall of this shared machine may add a short outage of its own).
  for (const server of [a, b]) {
    const log = server.output().slice(logFrom.get(server));
    const lines = log.split(`shared store ${redis.url} unavailable`).length - 1;
    expect(lines, log).toBeGreaterThanOrEqual(1);
    expect(lines, log).toBeLessThanOrEqual(3);
    expect(log).toContain(`shared store ${redis.url} answers again`);
  }
  // The restarted store is empty (no persistence): sessions from before it are ended, since their
  // sign-outs were lost with it; the signed-out session stays refused, and signing in again works.
  await expect.poll(async () => (await get(a, FLEET_PAGES.gated, sessions.signedOut)).status, { timeout: 10_000 }).toBe(302);
  await expect.poll(async () => (await get(b, FLEET_PAGES.gated, sessions.partner)).status, { timeout: 10_000 }).toBe(302);
  await sleep(1_100);
  const fresh = await signIn(a, partner.username, partner.password);
  expect((await get(b, FLEET_PAGES.gated, fresh)).status).toBe(200);
});

test('an instance is killed mid-load: the other keeps answering, and a replacement enforces the same sign-outs', async () => {
  test.setTimeout(60_000);
  let killedAt = 0;
  const started = Date.now();
  const victim = a;
  const outcomes = await underLoad(
    4_000,
    async () => {
      await sleep(1_500);
      victim.process.kill('SIGKILL');
      killedAt = Date.now() - started;
    },
    (server) => server === victim && killedAt > 0,
  );
  expectNothingGatedLeaks(outcomes);
  const onB = outcomes.filter((outcome) => outcome.server === b);
  expect(onB.filter((outcome) => outcome.status === 'refused')).toEqual([]);
  // The store stays up: a 503 on B could only be a store call past its deadline while this shared machine stalls.
  expect(onB.filter((outcome) => outcome.status === 503).length).toBeLessThanOrEqual(2);
  expect(onB.filter((outcome) => outcome.kind === 'partner' && outcome.at > killedAt).length).toBeGreaterThan(0);
  expect(outcomes.some((outcome) => outcome.server === a && outcome.status === 'refused')).toBe(true);

  a = await startInstance(outDir('auth'), redis.url);
  expect((await get(a, FLEET_PAGES.gated, sessions.partner)).status).toBe(200);
  expect((await get(a, FLEET_PAGES.gated, sessions.signedOut)).status).toBe(302);
  expect((await get(a, FLEET_PAGES.gated, sessions.reader)).status).toBe(403);
});

test('the store hangs: 503 with Retry-After from the front server, whichever module made the store; a sign-out still clears the cookie, and its copy is refused everywhere once the store answers', async () => {
  test.setTimeout(90_000);
  // A fresh instance whose first use of the store is /readyz (the serve command's copy of the store module).
  const c = await startNodeServer(outDir('auth'), '/', { CARAVAN_DOCS_REDIS_URL: redis.url, CARAVAN_DOCS_OIDC_CLIENT_SECRET: OIDC_TEST.clientSecret }, { docsRoot: join(PROJECT_ROOT, 'tests/fixtures/auth') });
  try {
    expect(await (await get(c, '/readyz')).json()).toMatchObject({ status: 'ready', checks: { store: 'ok' } });
    const session = await signIn(c, partner.username, partner.password);
    expect((await get(c, FLEET_PAGES.gated, session)).status).toBe(200);
    // The sign-out form of a page rendered while the store answered.
    const form = await csrf(c, session);
    redis.pause();
    try {
      const refused = await get(c, FLEET_PAGES.gated, session);
      expect(refused.status, await refused.clone().text()).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.text()).toContain('Sign-in is briefly unavailable');
      expect(c.output()).not.toMatch(/\n\s+at /);
      const signedOut = await postSignOut(c, form);
      expect(signedOut.status).toBe(503);
      expect(signedOut.headers.getSetCookie().some((cookie) => /^authjs\.session-token=;/.test(cookie))).toBe(true);
    } finally {
      redis.resume();
    }
    // This instance refuses the copy at once; every instance does once the record is written.
    expect((await get(c, FLEET_PAGES.gated, session)).status).toBe(302);
    await expect.poll(async () => (await get(b, FLEET_PAGES.gated, session)).status, { timeout: 15_000 }).toBe(302);
  } finally {
    await c.stop();
  }
});
