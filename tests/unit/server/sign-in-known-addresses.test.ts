// Issue 39, the trade-off: with about 21 addresses an attacker kept a named reader's failures over
// the per-user ceiling (100 an hour), so the reader's first typo held them back for an hour. An
// address the reader signed in from in the last 30 days is now known for them: the ceiling never
// holds them back there (the pair and address limits still do), and only a correct password from
// there can make an address known.
import { describe, expect, it } from 'vitest';
import { createSignInGate, DEFAULT_SIGN_IN_LIMITS, KNOWN_ADDRESS_MS, type AttemptOutcome } from '../../../src/auth/sign-in-gate.ts';
import { createMemoryStore } from '../../../src/server/store/memory.ts';

const DAY = 24 * 60 * 60_000;

function setup() {
  const clock = { now: 1_700_000_000_000 };
  const store = createMemoryStore({ now: () => clock.now });
  const gate = createSignInGate(store, DEFAULT_SIGN_IN_LIMITS);
  /** One attempt settled with `outcome`: 0 when it was allowed, else the seconds to wait. */
  const attempt = async (username: string, address: string, outcome: AttemptOutcome = 'failure') => {
    const started = await gate.begin(username, address);
    if (!started.allowed) return started.retryAfter;
    await started.settle(outcome);
    return 0;
  };
  /**
   * 21 addresses x 5 guesses, each within its pair's and address's limits: the first 20 addresses
   * bring the username to the ceiling of 100 failures an hour, the 21st's first guess passes it.
   */
  const crowd = async (username: string) => {
    let counted = 0;
    for (let address = 0; address < 21; address += 1) for (let index = 0; index < 5; index += 1) if ((await attempt(username, `203.0.113.${address}`)) === 0) counted += 1;
    expect(counted).toBe(101);
  };
  return { clock, store, attempt, crowd };
}

describe('addresses a reader signed in from', () => {
  it('let the reader through after a typo while a crowd keeps their failures over the per-user ceiling', async () => {
    const { clock, attempt, crowd } = setup();
    expect(await attempt('amira', '198.51.100.7', 'success')).toBe(0);
    clock.now += DAY;
    await crowd('amira');
    // The reader's typo, then the right password: both reach the check (they waited an hour before).
    expect(await attempt('amira', '198.51.100.7')).toBe(0);
    expect(await attempt('amira', '198.51.100.7', 'success')).toBe(0);
    // A few more typos are still theirs to make; the pair's limit (5 a minute) still holds.
    for (let index = 0; index < 5; index += 1) expect(await attempt('amira', '198.51.100.7')).toBe(0);
    expect(await attempt('amira', '198.51.100.7')).toBeGreaterThan(0);
  });

  it('are known per username: another username from that address, and the crowd\'s own addresses, stay held', async () => {
    const { attempt, crowd } = setup();
    expect(await attempt('amira', '198.51.100.7', 'success')).toBe(0);
    await crowd('bashir');
    expect(await attempt('bashir', '198.51.100.7')).toBe(0);
    expect(await attempt('bashir', '198.51.100.7', 'success')).toBeGreaterThan(0);
    // An attacker's address with failures never becomes known without the password.
    expect(await attempt('bashir', '203.0.113.4')).toBeGreaterThan(0);
  });

  it('the cost: a reader whose typo comes from an address they never signed in from waits for the ceiling\'s window', async () => {
    const { attempt, crowd } = setup();
    await crowd('amira');
    expect(await attempt('amira', '198.51.100.20')).toBe(0);
    expect(await attempt('amira', '198.51.100.20', 'success')).toBeGreaterThan(0);
  });

  it('are forgotten 30 days after the last sign-in from them', async () => {
    const { clock, attempt, crowd } = setup();
    expect(await attempt('amira', '198.51.100.7', 'success')).toBe(0);
    clock.now += KNOWN_ADDRESS_MS + DAY;
    await crowd('amira');
    expect(await attempt('amira', '198.51.100.7')).toBe(0);
    expect(await attempt('amira', '198.51.100.7', 'success')).toBeGreaterThan(0);
    expect(KNOWN_ADDRESS_MS).toBe(30 * DAY);
  });

  it('count an IPv6 reader by their /64, as every limit does', async () => {
    const { clock, attempt, crowd } = setup();
    expect(await attempt('amira', '2001:db8:1:2::10', 'success')).toBe(0);
    clock.now += DAY;
    await crowd('amira');
    expect(await attempt('amira', '2001:db8:1:2:aaaa::1')).toBe(0);
    expect(await attempt('amira', '2001:db8:1:2:bbbb::2', 'success')).toBe(0);
  });
});
