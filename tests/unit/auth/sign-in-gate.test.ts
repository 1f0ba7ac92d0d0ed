import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInGate, DEFAULT_SIGN_IN_LIMITS, signInLimitsFrom, throttledAddress, type AttemptOutcome, type SignInGate, type SignInLimits } from '../../../src/auth/sign-in-gate.ts';
import { securitySchema } from '../../../src/config/schemas/security.ts';
import { createMemoryStore } from '../../../src/server/store/memory.ts';
import { createRedisStore } from '../../../src/server/store/redis.ts';
import type { SharedStore } from '../../../src/server/store/index.ts';
import { startRedis, type RunningRedis } from '../../e2e/support/redis-server.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A gate over a memory store with a clock the test moves. */
function setup(limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS) {
  const clock = { now: 1_700_000_000_000 };
  const store = createMemoryStore({ now: () => clock.now });
  const gate = createSignInGate(store, limits);
  return { clock, store, gate, guess: (username: string, address: string, outcome: AttemptOutcome = 'failure') => guess(gate, username, address, outcome) };
}

/** One attempt settled with `outcome`: 0 when it was allowed, else the seconds to wait. */
async function guess(gate: SignInGate, username: string, address: string, outcome: AttemptOutcome = 'failure'): Promise<number> {
  const attempt = await gate.begin(username, address);
  if (!attempt.allowed) return attempt.retryAfter;
  await attempt.settle(outcome);
  return 0;
}

describe('limits', () => {
  it('default to 5 a minute and 20 an hour per user and address, 20 per 15 minutes per address, 100 an hour per user', () => {
    expect(DEFAULT_SIGN_IN_LIMITS).toEqual({
      perUserAndAddress: [
        { failures: 5, windowMs: MINUTE },
        { failures: 20, windowMs: HOUR },
      ],
      perAddress: { failures: 20, windowMs: 15 * MINUTE },
      perUser: { failures: 100, windowMs: HOUR },
    });
  });

  it('are what security.signInLimits of site.yml defaults to, and read from it in minutes', () => {
    const settings = securitySchema.parse({}).signInLimits;
    expect(signInLimitsFrom(settings)).toEqual(DEFAULT_SIGN_IN_LIMITS);
    const custom = securitySchema.parse({ signInLimits: { perUserAndAddress: [{ failures: 3, minutes: 0.5 }], perUser: { failures: 40, minutes: 30 } } }).signInLimits;
    expect(signInLimitsFrom(custom)).toEqual({ perUserAndAddress: [{ failures: 3, windowMs: 30_000 }], perAddress: { failures: 20, windowMs: 15 * MINUTE }, perUser: { failures: 40, windowMs: 30 * MINUTE } });
  });

  it('refuse rules that could never pass or never end', () => {
    expect(() => createSignInGate(createMemoryStore(), { ...DEFAULT_SIGN_IN_LIMITS, perUserAndAddress: [] })).toThrow(RangeError);
    expect(() => createSignInGate(createMemoryStore(), { ...DEFAULT_SIGN_IN_LIMITS, perAddress: { failures: 0, windowMs: MINUTE } })).toThrow(RangeError);
    expect(() => createSignInGate(createMemoryStore(), { ...DEFAULT_SIGN_IN_LIMITS, perUser: { failures: 5, windowMs: 0 } })).toThrow(RangeError);
    expect(() => securitySchema.parse({ signInLimits: { perAddress: { failures: 0, minutes: 15 } } })).toThrow(/at least 1/);
    expect(() => securitySchema.parse({ signInLimits: { perUserAndAddress: [] } })).toThrow(/at least one/);
  });
});

describe('no lockout by strangers', () => {
  it('right password from a clean address after 5 failures by another address succeeds', async () => {
    const { gate, guess } = setup();
    for (let index = 0; index < 5; index += 1) expect(await guess('amira', '203.0.113.66')).toBe(0);
    expect(await guess('amira', '203.0.113.66')).toBeGreaterThan(0);
    const reader = await gate.begin('amira', '198.51.100.7');
    expect(reader.allowed).toBe(true);
  });

  it('a reader from a clean address gets through while a crowd of addresses is over the per-user ceiling', async () => {
    const { guess } = setup();
    // 25 addresses x 4 failures = 100: the ceiling is reached, no pair or address limit is.
    for (let address = 0; address < 25; address += 1) for (let index = 0; index < 4; index += 1) expect(await guess('amira', `203.0.113.${address}`)).toBe(0);
    expect(await guess('amira', '203.0.113.3')).toBeGreaterThan(0);
    expect(await guess('amira', '198.51.100.7', 'success')).toBe(0);
    // An address's first failure makes it one with failures: the ceiling holds it back next time.
    expect(await guess('amira', '198.51.100.8')).toBe(0);
    expect(await guess('amira', '198.51.100.8')).toBeGreaterThan(0);
    // Other users are not held back.
    expect(await guess('bashir', '203.0.113.3', 'success')).toBe(0);
  });

  it('an address with failures for other users is not clean either', async () => {
    const { guess } = setup();
    for (let address = 0; address < 25; address += 1) for (let index = 0; index < 4; index += 1) await guess('amira', `203.0.113.${address}`);
    expect(await guess('someone-else', '198.51.100.9')).toBe(0);
    expect(await guess('amira', '198.51.100.9')).toBeGreaterThan(0);
  });

  it('the ceiling waits for its window, up to an hour', async () => {
    const { clock, guess } = setup();
    for (let address = 0; address < 25; address += 1) for (let index = 0; index < 4; index += 1) await guess('amira', `203.0.113.${address}`);
    expect(await guess('amira', '203.0.113.0')).toBe(HOUR / 1000);
    clock.now += HOUR;
    expect(await guess('amira', '203.0.113.0')).toBe(0);
  });
});

describe('per user and address', () => {
  it('slows down: the sixth failure within a minute waits for the end of that minute, not 15 minutes', async () => {
    const { clock, guess } = setup();
    for (let index = 0; index < 5; index += 1) expect(await guess('amira', '10.0.0.1')).toBe(0);
    clock.now += 20_000;
    expect(await guess('amira', '10.0.0.1', 'success')).toBe(40);
    clock.now += 40_000;
    expect(await guess('amira', '10.0.0.1', 'success')).toBe(0);
  });

  it('allows 20 failures an hour, then waits for the hour', async () => {
    const { clock, guess } = setup({ ...DEFAULT_SIGN_IN_LIMITS, perAddress: { failures: 1_000, windowMs: 15 * MINUTE } });
    for (let minute = 0; minute < 4; minute += 1) {
      for (let index = 0; index < 5; index += 1) expect(await guess('amira', '10.0.0.1')).toBe(0);
      clock.now += MINUTE;
    }
    expect(await guess('amira', '10.0.0.1')).toBe((HOUR - 4 * MINUTE) / 1000);
    clock.now += HOUR - 4 * MINUTE;
    expect(await guess('amira', '10.0.0.1')).toBe(0);
  });

  it('compares usernames case-insensitively and without surrounding spaces', async () => {
    const { guess } = setup();
    for (const spelling of ['Amira', 'AMIRA', ' amira ', 'amira\t', 'aMiRa']) await guess(spelling, '10.0.0.1');
    expect(await guess('amira', '10.0.0.1')).toBeGreaterThan(0);
    expect(await guess('  AMIRA', '10.0.0.1')).toBeGreaterThan(0);
  });

  it('does not hold back another user from the same address', async () => {
    const { guess } = setup();
    for (let index = 0; index < 5; index += 1) await guess('amira', '10.0.0.1');
    expect(await guess('bashir', '10.0.0.1')).toBe(0);
  });
});

describe('per address', () => {
  it('twenty failures across usernames hold the address back for the rest of 15 minutes; other addresses go on', async () => {
    const { clock, guess } = setup();
    for (let index = 0; index < 20; index += 1) expect(await guess(`user${index}`, '203.0.113.7')).toBe(0);
    expect(await guess('someone-new', '203.0.113.7', 'success')).toBe(15 * 60);
    expect(await guess('someone-new', '203.0.113.8', 'success')).toBe(0);
    clock.now += 15 * MINUTE - 1;
    expect(await guess('x', '203.0.113.7', 'success')).toBe(1);
    clock.now += 1;
    expect(await guess('x', '203.0.113.7', 'success')).toBe(0);
  });

  it('refuses before touching any other counter, so refused attempts create no keys', async () => {
    const { store, gate: first } = setup();
    for (let index = 0; index < 20; index += 1) await guess(first, `user${index}`, '203.0.113.7');
    const keys = new Set<string>();
    const watched: SharedStore = { ...store, increment: (key, by, ttl) => (keys.add(key), store.increment(key, by, ttl)) };
    const gate = createSignInGate(watched);
    for (let index = 0; index < 50; index += 1) expect(await guess(gate, `new-user-${index}`, '203.0.113.7')).toBeGreaterThan(0);
    expect([...keys]).toEqual(['limit:address:203.0.113.7']);
  });
});

describe('settling', () => {
  it('a success starts the pair afresh, but keeps the address’s failures', async () => {
    const { guess } = setup({ ...DEFAULT_SIGN_IN_LIMITS, perAddress: { failures: 6, windowMs: 15 * MINUTE } });
    for (let index = 0; index < 4; index += 1) await guess('amira', '10.0.0.1');
    expect(await guess('amira', '10.0.0.1', 'success')).toBe(0);
    expect(await guess('amira', '10.0.0.1')).toBe(0);
    // Five failures from the address now; one more and it is held back.
    expect(await guess('bashir', '10.0.0.1')).toBe(0);
    expect(await guess('carmen', '10.0.0.1')).toBeGreaterThan(0);
  });

  it('a success does not reset the per-user ceiling', async () => {
    const { guess } = setup({ ...DEFAULT_SIGN_IN_LIMITS, perUser: { failures: 3, windowMs: HOUR } });
    for (let address = 0; address < 3; address += 1) await guess('amira', `203.0.113.${address}`);
    expect(await guess('amira', '198.51.100.1', 'success')).toBe(0);
    expect(await guess('amira', '203.0.113.0')).toBeGreaterThan(0);
  });

  it('unchecked attempts count nothing', async () => {
    const { guess } = setup();
    for (let index = 0; index < 50; index += 1) expect(await guess('amira', '10.0.0.1', 'unchecked')).toBe(0);
    for (let index = 0; index < 5; index += 1) expect(await guess('amira', '10.0.0.1')).toBe(0);
    expect(await guess('amira', '10.0.0.1')).toBeGreaterThan(0);
  });

  it('refused attempts do not count against the address', async () => {
    const { guess } = setup();
    for (let index = 0; index < 5; index += 1) await guess('amira', '10.0.0.1');
    for (let index = 0; index < 30; index += 1) expect(await guess('amira', '10.0.0.1')).toBeGreaterThan(0);
    // Five counted failures from the address: fifteen more for other users before it is held back.
    for (let index = 0; index < 15; index += 1) expect(await guess(`user${index}`, '10.0.0.1')).toBe(0);
    expect(await guess('user99', '10.0.0.1')).toBeGreaterThan(0);
  });

  it('slots given back after their window ended bank no extra guesses for the next window', async () => {
    const limits = { ...DEFAULT_SIGN_IN_LIMITS, perUserAndAddress: [{ failures: 2, windowMs: 1_000 }] };
    const { clock, gate, guess } = setup(limits);
    const held = await Promise.all([gate.begin('eve', 'a'), gate.begin('eve', 'a')]);
    clock.now += 1_500; // the window ends while both attempts are still being checked
    for (const attempt of held) if (attempt.allowed) await attempt.settle('unchecked');
    let allowed = 0;
    for (let index = 0; index < 6; index += 1) if ((await guess('eve', 'a')) === 0) allowed += 1;
    expect(allowed).toBe(2);
  });

  it('parallel attempts never pass more checks than a limit allows', async () => {
    const { gate } = setup();
    const attempts = await Promise.all(Array.from({ length: 30 }, () => gate.begin('amira', '10.0.0.1')));
    expect(attempts.filter((attempt) => attempt.allowed)).toHaveLength(5);
  });
});

describe('settling', () => {
  it('happens once: a second settle gives no slots back', async () => {
    const { gate, guess } = setup();
    for (let index = 0; index < 4; index += 1) await guess('dana', '10.0.0.9');
    const attempt = await gate.begin('dana', '10.0.0.9');
    if (!attempt.allowed) throw new Error('the fifth attempt is allowed');
    await attempt.settle('failure');
    await attempt.settle('unchecked');
    await attempt.settle('success');
    expect(await guess('dana', '10.0.0.9')).toBeGreaterThan(0);
  });
});

describe('a flood of attempts that count nothing', () => {
  it('leaves no keys, so 34,000 of them under fresh usernames cannot evict the counters of a guesser (real memory store)', async () => {
    const store = createMemoryStore();
    const gate = createSignInGate(store);
    for (let index = 0; index < 5; index += 1) expect(await guess(gate, 'admin', '203.0.113.9')).toBe(0);
    expect(await guess(gate, 'admin', '203.0.113.9')).toBeGreaterThan(0);
    for (let index = 0; index < 34_000; index += 1) await guess(gate, `x${index}`, '203.0.113.9', 'unchecked');
    for (let index = 0; index < 6; index += 1) expect(await guess(gate, 'admin', '203.0.113.9')).toBeGreaterThan(0);
  });

  it('unchecked and refused attempts delete the counters they created', async () => {
    const { store, gate } = setup();
    const keys = new Set<string>();
    const watched: SharedStore = { ...store, increment: (key, by, ttl) => (keys.add(key), store.increment(key, by, ttl)) };
    const counted = createSignInGate(watched);
    for (let index = 0; index < 50; index += 1) await guess(counted, `fresh-${index}`, '198.51.100.4', 'unchecked');
    for (let index = 0; index < 5; index += 1) await guess(gate, 'held', '198.51.100.5');
    for (let index = 0; index < 3; index += 1) expect(await guess(counted, 'held', '198.51.100.5')).toBeGreaterThan(0);
    const left = await store.getMany([...keys]);
    expect(Object.fromEntries([...keys].map((key, index) => [key, left[index]]).filter(([, value]) => value !== undefined))).toEqual({
      'limit:address:198.51.100.5': '5',
      'limit:pair0:held:198.51.100.5': '5',
      'limit:pair1:held:198.51.100.5': '5',
    });
  });
});

describe('IPv6', () => {
  it('an address counts as its /64, and an IPv4-mapped address as the IPv4 address', () => {
    expect(throttledAddress('2001:db8:1:2::1f')).toBe('2001:db8:1:2::/64');
    expect(throttledAddress('2001:DB8:1:2:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(throttledAddress('2001:db8:0:0:1::')).toBe('2001:db8:0:0::/64');
    expect(throttledAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttledAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(throttledAddress('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(throttledAddress('203.0.113.9')).toBe('203.0.113.9');
  });

  it('500 guesses at one user from 500 addresses of one /64 are refused after the limits', async () => {
    const { gate } = setup();
    let allowed = 0;
    for (let index = 0; index < 500; index += 1) if ((await guess(gate, 'victim', `2001:db8:1:2::${index.toString(16)}`)) === 0) allowed += 1;
    // The pair's 5 a minute: the /64 is one address.
    expect(allowed).toBe(5);
    // Another /64 is another address; the IPv4-mapped form of an address is that address.
    expect(await guess(gate, 'victim', '2001:db8:1:3::1')).toBe(0);
    for (let index = 0; index < 5; index += 1) await guess(gate, 'mapped', '203.0.113.50');
    expect(await guess(gate, 'mapped', '::ffff:203.0.113.50')).toBeGreaterThan(0);
  });

  it('the per-address limit holds across usernames spread over a /64', async () => {
    const { gate } = setup();
    let allowed = 0;
    for (let index = 0; index < 500; index += 1) if ((await guess(gate, `user-${index}`, `2001:db8:9:9:${index.toString(16)}::1`)) === 0) allowed += 1;
    expect(allowed).toBe(20);
  });
});

describe('keys', () => {
  it('stay short whatever the username', async () => {
    const { store } = setup();
    const keys: string[] = [];
    const watched: SharedStore = { ...store, increment: (key, by, ttl) => (keys.push(key), store.increment(key, by, ttl)) };
    await guess(createSignInGate(watched), 'x'.repeat(60_000), '10.0.0.1');
    expect(Math.max(...keys.map((key) => key.length))).toBeLessThan(200);
  });

  it('a name or address with separators cannot collide with another pair', async () => {
    const { guess } = setup();
    for (let index = 0; index < 5; index += 1) await guess('a:b', 'c');
    expect(await guess('a', 'b:c')).toBe(0);
  });
});

describe('over redis-server, two instances', () => {
  let redis: RunningRedis;
  const stores: SharedStore[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await redis?.stop();
  });
  function fleet(): [SignInGate, SignInGate] {
    const client = () => {
      const store = createRedisStore(redis.url, { connectTimeoutMs: 250, onError: () => {}, onReady: () => {} });
      stores.push(store);
      return createSignInGate(store);
    };
    return [client(), client()];
  }
  const user = () => `user-${Math.random().toString(36).slice(2)}`;
  const address = () => `198.51.100.${Math.floor(Math.random() * 250)}-${Math.random().toString(36).slice(2, 6)}`;

  it('count the pair on both together, and the right password from a clean address still gets through', async () => {
    const [a, b] = fleet();
    const name = user();
    const place = address();
    for (let index = 0; index < 5; index += 1) expect(await guess(index % 2 === 0 ? a : b, name, place)).toBe(0);
    const wait = await guess(b, name, place);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await guess(a, name, address(), 'success')).toBe(0);
  });

  it('parallel guesses across instances never pass more checks than the pair allows', async () => {
    const [a, b] = fleet();
    const name = user();
    const place = address();
    const attempts = await Promise.all(Array.from({ length: 30 }, (_, index) => (index % 2 === 0 ? a : b).begin(name, place)));
    expect(attempts.filter((attempt) => attempt.allowed)).toHaveLength(5);
  });

  it('limit an address to 20 failures over any usernames', async () => {
    const [a, b] = fleet();
    const place = address();
    for (let index = 0; index < 20; index += 1) expect(await guess(index % 2 === 0 ? a : b, user(), place)).toBe(0);
    expect(await guess(a, user(), place)).toBeGreaterThan(0);
    expect(await guess(a, user(), address())).toBe(0);
  });

  it('hold the per-user ceiling for addresses with failures, not for a clean one', async () => {
    const [a, b] = fleet();
    const name = user();
    const places = Array.from({ length: 25 }, address);
    for (const [index, place] of places.entries()) for (let round = 0; round < 4; round += 1) expect(await guess(index % 2 === 0 ? a : b, name, place)).toBe(0);
    expect(await guess(b, name, places[0]!)).toBeGreaterThan(0);
    expect(await guess(a, name, address(), 'success')).toBe(0);
  });

  it('refuse at the same attempts as the memory store', async () => {
    const [shared] = fleet();
    const { gate: memory } = setup();
    const name = user();
    const script: [string, AttemptOutcome][] = [...Array.from({ length: 7 }, (): [string, AttemptOutcome] => ['10.0.0.1', 'failure']), ['10.0.0.2', 'success'], ['10.0.0.1', 'unchecked']];
    const run = async (gate: SignInGate) => {
      const results: boolean[] = [];
      for (const [place, outcome] of script) results.push((await guess(gate, name, place, outcome)) > 0);
      return results;
    };
    const expected = [false, false, false, false, false, true, true, false, true];
    expect(await run(memory)).toEqual(expected);
    expect(await run(shared)).toEqual(expected);
  });
});
