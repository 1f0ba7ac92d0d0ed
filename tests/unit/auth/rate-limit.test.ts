import { describe, expect, it } from 'vitest';
import { createSignInLimiter, DEFAULT_SIGN_IN_LIMITS, type SignInLimiterOptions } from '../../../src/auth/rate-limit.ts';

const MINUTE = 60_000;
const WINDOW = 15 * MINUTE;

function setup(options: Partial<SignInLimiterOptions> = {}) {
  const clock = { now: 1_700_000_000_000 };
  const limiter = createSignInLimiter({ ...DEFAULT_SIGN_IN_LIMITS, now: () => clock.now, ...options });
  const fail = (username: string, address: string, times = 1) => {
    for (let i = 0; i < times; i += 1) limiter.recordFailure(username, address);
  };
  return { clock, limiter, fail };
}

describe('DEFAULT_SIGN_IN_LIMITS', () => {
  it('are 5 failures per user and 20 per address in 15 minutes', () => {
    expect(DEFAULT_SIGN_IN_LIMITS).toEqual({
      perUser: { maxFailures: 5, windowMs: WINDOW },
      perAddress: { maxFailures: 20, windowMs: WINDOW },
    });
  });
});

describe('per-user limit', () => {
  it('allows the first five attempts and blocks the sixth, from any address', () => {
    const { limiter, fail } = setup();
    for (let i = 0; i < 5; i += 1) {
      expect(limiter.retryAfter('amira', `10.0.0.${i}`)).toBe(0);
      fail('amira', `10.0.0.${i}`);
    }
    expect(limiter.retryAfter('amira', '10.0.0.99')).toBe(WINDOW / 1000);
    expect(limiter.retryAfter('amira', '192.0.2.1')).toBe(WINDOW / 1000);
  });

  it('does not block other users', () => {
    const { limiter, fail } = setup();
    fail('amira', '10.0.0.1', 5);
    expect(limiter.retryAfter('bashir', '10.0.0.2')).toBe(0);
  });

  it('reports the remaining whole seconds of the window, rounded up and at least 1', () => {
    const { clock, limiter, fail } = setup();
    fail('amira', '10.0.0.1');
    clock.now += 10 * MINUTE;
    fail('amira', '10.0.0.1', 4);
    expect(limiter.retryAfter('amira', '10.0.0.1')).toBe(5 * 60); // window started at the first failure
    clock.now += 5 * MINUTE - 1500;
    expect(limiter.retryAfter('amira', '10.0.0.1')).toBe(2);
    clock.now += 1499;
    expect(limiter.retryAfter('amira', '10.0.0.1')).toBe(1);
  });

  it('resets when the window ends', () => {
    const { clock, limiter, fail } = setup();
    fail('amira', '10.0.0.1', 5);
    clock.now += WINDOW;
    expect(limiter.retryAfter('amira', '10.0.0.1')).toBe(0);
    fail('amira', '10.0.0.1', 4);
    expect(limiter.retryAfter('amira', '10.0.0.1')).toBe(0);
    fail('amira', '10.0.0.1');
    expect(limiter.retryAfter('amira', '10.0.0.1')).toBe(WINDOW / 1000);
  });

  it('keeps a fixed window: failures spread past its end do not add up', () => {
    const { clock, limiter, fail } = setup();
    fail('amira', '10.0.0.1', 4);
    clock.now += WINDOW + 1;
    fail('amira', '10.0.0.1');
    expect(limiter.retryAfter('amira', '10.0.0.1')).toBe(0);
  });

  it('compares usernames case-insensitively and ignores surrounding spaces', () => {
    const { limiter, fail } = setup();
    fail('Amira', '10.0.0.1');
    fail('AMIRA', '10.0.0.2');
    fail(' amira ', '10.0.0.3');
    fail('amira\t', '10.0.0.4');
    fail('aMiRa', '10.0.0.5');
    expect(limiter.retryAfter('amira', '10.0.0.6')).toBeGreaterThan(0);
    expect(limiter.retryAfter('  AMIRA', '10.0.0.6')).toBeGreaterThan(0);
  });
});

describe('per-address limit', () => {
  it('blocks an address after 20 failures across many usernames', () => {
    const { limiter, fail } = setup();
    for (let i = 0; i < 19; i += 1) fail(`user${i}`, '203.0.113.7');
    expect(limiter.retryAfter('someone-new', '203.0.113.7')).toBe(0);
    fail('user19', '203.0.113.7');
    expect(limiter.retryAfter('someone-new', '203.0.113.7')).toBe(WINDOW / 1000);
    expect(limiter.retryAfter('someone-new', '203.0.113.8')).toBe(0);
  });

  it('resets when the window ends', () => {
    const { clock, limiter, fail } = setup();
    for (let i = 0; i < 20; i += 1) fail(`user${i}`, '203.0.113.7');
    clock.now += WINDOW - 1;
    expect(limiter.retryAfter('x', '203.0.113.7')).toBe(1);
    clock.now += 1;
    expect(limiter.retryAfter('x', '203.0.113.7')).toBe(0);
  });

  it('reports the longer wait when both the user and the address are blocked', () => {
    const { clock, limiter, fail } = setup();
    for (let i = 0; i < 20; i += 1) fail(`user${i}`, '203.0.113.7');
    clock.now += 5 * MINUTE;
    fail('amira', '198.51.100.1', 5);
    expect(limiter.retryAfter('amira', '203.0.113.7')).toBe(15 * 60);
    expect(limiter.retryAfter('user0', '203.0.113.7')).toBe(10 * 60);
  });
});

describe('recordSuccess', () => {
  it('clears the user’s failures but not the address’s', () => {
    const { limiter, fail } = setup({ perAddress: { maxFailures: 6, windowMs: WINDOW } });
    fail('amira', '10.0.0.1', 5);
    expect(limiter.retryAfter('amira', '10.0.0.2')).toBeGreaterThan(0);
    limiter.recordSuccess('AMIRA ', '10.0.0.1');
    expect(limiter.retryAfter('amira', '10.0.0.2')).toBe(0);
    // The address keeps its five failures: one more blocks it.
    fail('bashir', '10.0.0.1');
    expect(limiter.retryAfter('carmen', '10.0.0.1')).toBeGreaterThan(0);
  });

  it('lets a cleared user fail five more times before blocking again', () => {
    const { limiter, fail } = setup();
    fail('amira', '10.0.0.1', 4);
    limiter.recordSuccess('amira', '10.0.0.1');
    fail('amira', '10.0.0.1', 4);
    expect(limiter.retryAfter('amira', '10.0.0.1')).toBe(0);
    fail('amira', '10.0.0.1');
    expect(limiter.retryAfter('amira', '10.0.0.1')).toBeGreaterThan(0);
  });
});

describe('memory bound', () => {
  it('keeps at most maxKeys keys by evicting the oldest', () => {
    const { limiter, fail } = setup({ maxKeys: 4, perUser: { maxFailures: 1, windowMs: WINDOW }, perAddress: { maxFailures: 1, windowMs: WINDOW } });
    fail('u1', 'a1'); // keys: u1, a1
    fail('u2', 'a2'); // keys: u1, a1, u2, a2
    expect(limiter.retryAfter('u1', 'other')).toBeGreaterThan(0);
    fail('u3', 'a3'); // evicts u1 and a1
    expect(limiter.retryAfter('u1', 'other')).toBe(0);
    expect(limiter.retryAfter('other', 'a1')).toBe(0);
    expect(limiter.retryAfter('u2', 'other')).toBeGreaterThan(0);
    expect(limiter.retryAfter('other', 'a2')).toBeGreaterThan(0);
    expect(limiter.retryAfter('u3', 'other')).toBeGreaterThan(0);
    expect(limiter.retryAfter('other', 'a3')).toBeGreaterThan(0);
  });

  it('prunes expired keys before evicting live ones', () => {
    const { clock, limiter, fail } = setup({
      maxKeys: 3,
      perUser: { maxFailures: 1, windowMs: WINDOW },
      perAddress: { maxFailures: 1, windowMs: 5 * MINUTE },
    });
    fail('u1', 'a1'); // keys: u1 (oldest, live for 15 min), a1 (expires after 5)
    clock.now += 6 * MINUTE;
    fail('u2', 'a2'); // u2 fills the third slot; a2 needs room: the expired a1 goes, not the oldest u1
    expect(limiter.retryAfter('u1', 'y')).toBe(9 * 60);
    expect(limiter.retryAfter('u2', 'y')).toBe(15 * 60);
    expect(limiter.retryAfter('x', 'a2')).toBe(5 * 60);
  });

  it('stays bounded under a flood of distinct usernames and addresses, and keeps the newest', () => {
    const { limiter, fail } = setup({ maxKeys: 100, perUser: { maxFailures: 1, windowMs: WINDOW }, perAddress: { maxFailures: 1, windowMs: WINDOW } });
    for (let i = 0; i < 10_000; i += 1) fail(`user${i}`, `addr${i}`);
    let blocked = 0;
    for (let i = 0; i < 10_000; i += 1) {
      if (limiter.retryAfter(`user${i}`, 'none') > 0) blocked += 1;
      if (limiter.retryAfter('none', `addr${i}`) > 0) blocked += 1;
    }
    expect(blocked).toBeLessThanOrEqual(100);
    expect(blocked).toBeGreaterThanOrEqual(99);
    expect(limiter.retryAfter('user9999', 'none')).toBeGreaterThan(0);
    expect(limiter.retryAfter('none', 'addr9999')).toBeGreaterThan(0);
  });

  it('defaults to 10 000 keys', () => {
    const { limiter, fail } = setup({ perUser: { maxFailures: 1, windowMs: WINDOW }, perAddress: { maxFailures: 1_000_000, windowMs: WINDOW } });
    for (let i = 0; i < 10_001; i += 1) fail(`user${i}`, 'one-address'); // 10 001 users + 1 address
    expect(limiter.retryAfter('user0', 'x')).toBe(0);
    expect(limiter.retryAfter('user1', 'x')).toBe(0);
    expect(limiter.retryAfter('user2', 'x')).toBeGreaterThan(0);
    expect(limiter.retryAfter('user10000', 'x')).toBeGreaterThan(0);
  });
});

describe('options', () => {
  it('refuse non-positive limits', () => {
    expect(() => createSignInLimiter({ ...DEFAULT_SIGN_IN_LIMITS, perUser: { maxFailures: 0, windowMs: WINDOW } })).toThrow(RangeError);
    expect(() => createSignInLimiter({ ...DEFAULT_SIGN_IN_LIMITS, perAddress: { maxFailures: 5, windowMs: 0 } })).toThrow(RangeError);
    expect(() => createSignInLimiter({ ...DEFAULT_SIGN_IN_LIMITS, maxKeys: 0 })).toThrow(RangeError);
  });

  it('use Date.now without an injected clock', () => {
    const limiter = createSignInLimiter(DEFAULT_SIGN_IN_LIMITS);
    for (let i = 0; i < 5; i += 1) limiter.recordFailure('amira', '10.0.0.1');
    expect(limiter.retryAfter('amira', '10.0.0.1')).toBeGreaterThan(WINDOW / 1000 - 5);
  });
});
