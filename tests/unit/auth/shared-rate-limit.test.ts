import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInLimiter, DEFAULT_SIGN_IN_LIMITS } from '../../../src/auth/rate-limit.ts';
import { createSharedSignInGate, memoryGate, type SignInGate } from '../../../src/auth/shared-rate-limit.ts';
import { createMemoryStore } from '../../../src/server/store/memory.ts';
import { createRedisStore } from '../../../src/server/store/redis.ts';
import type { SharedStore } from '../../../src/server/store/index.ts';
import { startRedis, type RunningRedis } from '../../e2e/support/redis-server.ts';

const WINDOW_S = DEFAULT_SIGN_IN_LIMITS.perUser.windowMs / 1000;
let redis: RunningRedis;
const stores: SharedStore[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await redis?.stop();
});

/** Two "instances" of a fleet: two clients of the same redis-server. */
function fleet(): [SignInGate, SignInGate] {
  const client = () => {
    const store = createRedisStore(redis.url, { connectTimeoutMs: 250, onError: () => {}, onReady: () => {} });
    stores.push(store);
    return createSharedSignInGate(store);
  };
  return [client(), client()];
}

async function guess(gate: SignInGate, username: string, address: string, outcome: 'success' | 'failure' | 'unchecked' = 'failure'): Promise<number> {
  const attempt = await gate.begin(username, address);
  if (!attempt.allowed) return attempt.retryAfter;
  await attempt.settle(outcome);
  return 0;
}

const user = () => `user-${Math.random().toString(36).slice(2)}`;
const address = () => `198.51.100.${Math.floor(Math.random() * 250)}-${Math.random().toString(36).slice(2, 6)}`;

describe('shared sign-in limit (redis-server, two clients)', () => {
  it('counts failures on both instances together: the sixth guess for a user is refused on either', async () => {
    const [a, b] = fleet();
    const name = user();
    for (let index = 0; index < 5; index += 1) expect(await guess(index % 2 === 0 ? a : b, name, address())).toBe(0);
    const wait = await guess(b, name, address());
    expect(wait).toBeGreaterThan(WINDOW_S - 5);
    expect(wait).toBeLessThanOrEqual(WINDOW_S);
    expect(await guess(a, name, address(), 'success')).toBeGreaterThan(0);
  });

  it('parallel guesses across instances never pass more checks than the limit', async () => {
    const [a, b] = fleet();
    const name = user();
    const attempts = await Promise.all(Array.from({ length: 30 }, (_, index) => (index % 2 === 0 ? a : b).begin(name, address())));
    expect(attempts.filter((attempt) => attempt.allowed)).toHaveLength(5);
  });

  it('limits an address to 20 failures over any usernames', async () => {
    const [a, b] = fleet();
    const place = address();
    for (let index = 0; index < 20; index += 1) expect(await guess(index % 2 === 0 ? a : b, user(), place)).toBe(0);
    expect(await guess(a, user(), place)).toBeGreaterThan(0);
    expect(await guess(a, user(), address())).toBe(0);
  });

  it('a success clears the username count, not the address; unchecked attempts count nothing', async () => {
    const [a, b] = fleet();
    const name = user();
    const place = address();
    for (let index = 0; index < 4; index += 1) await guess(a, name, place);
    for (let index = 0; index < 10; index += 1) expect(await guess(b, name, place, 'unchecked')).toBe(0);
    expect(await guess(b, name, place, 'success')).toBe(0);
    for (let index = 0; index < 5; index += 1) expect(await guess(a, name, address())).toBe(0);
    expect(await guess(a, name, address())).toBeGreaterThan(0);
  });

  it('refused attempts do not count against the other key', async () => {
    const [a] = fleet();
    const name = user();
    const place = address();
    for (let index = 0; index < 5; index += 1) await guess(a, name, address());
    for (let index = 0; index < 30; index += 1) expect(await guess(a, name, place)).toBeGreaterThan(0);
    // The address had no counted failure: another user from it is fine for 20 guesses.
    for (let index = 0; index < 20; index += 1) expect(await guess(a, user(), place)).toBe(0);
  });
});

describe('slots given back after their window ended', () => {
  it('bank no extra guesses for the next window', async () => {
    let now = 0;
    const limits = { perUser: { maxFailures: 2, windowMs: 1_000 }, perAddress: { maxFailures: 100, windowMs: 1_000 } };
    const gate = createSharedSignInGate(createMemoryStore({ now: () => now }), limits);
    const held = await Promise.all([gate.begin('eve', 'a'), gate.begin('eve', 'a')]);
    now += 1_500; // the window ends while both attempts are still being checked
    for (const attempt of held) if (attempt.allowed) await attempt.settle('unchecked');
    let allowed = 0;
    for (let index = 0; index < 6; index += 1) if ((await guess(gate, 'eve', 'a')) === 0) allowed += 1;
    expect(allowed).toBe(limits.perUser.maxFailures);
  });
});

describe('same semantics in memory and in the store', () => {
  it('memoryGate and the shared gate over a memory store refuse at the same attempt', async () => {
    const clock = { now: 1_700_000_000_000 };
    const gates = [memoryGate(createSignInLimiter({ ...DEFAULT_SIGN_IN_LIMITS, now: () => clock.now })), createSharedSignInGate(createMemoryStore({ now: () => clock.now }))];
    for (const gate of gates) {
      const results: number[] = [];
      for (let index = 0; index < 7; index += 1) results.push(await guess(gate, 'amira', `10.0.0.${index}`));
      expect(results.map((wait) => wait > 0)).toEqual([false, false, false, false, false, true, true]);
      clock.now += DEFAULT_SIGN_IN_LIMITS.perUser.windowMs;
      expect(await guess(gate, 'amira', '10.0.0.1')).toBe(0);
      clock.now += DEFAULT_SIGN_IN_LIMITS.perUser.windowMs;
    }
  });
});
