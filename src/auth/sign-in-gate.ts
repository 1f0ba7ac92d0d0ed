/**
 * The sign-in throttle, after OWASP's Authentication Cheat Sheet ("Account lockout"): failures
 * are counted per (username, address) pair and per address, and the pair's limits slow a guesser
 * down (a minute, then an hour) instead of locking the account. A per-username ceiling stops a
 * guess spread over many addresses, but only for addresses that have failures of their own and
 * from which that username has not signed in lately: a reader who gives the right password from a
 * clean address, or from an address they signed in from in the last 30 days (typos and all),
 * always gets to the password check, so no stranger can lock them out.
 *
 * One implementation over any SharedStore: the memory store on one instance, Redis for a fleet.
 */
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { SharedStore } from '../server/store/types.ts';

interface ThrottleRule {
  /** Failures allowed in one window; the next attempt waits for the window to end. */
  failures: number;
  windowMs: number;
}

export interface SignInLimits {
  /** Failures for one username from one address (each rule is a window of its own). */
  perUserAndAddress: readonly ThrottleRule[];
  /** Failures from one address, whatever the usernames. */
  perAddress: ThrottleRule;
  /** Failures for one username from every address; applies only to addresses with failures. */
  perUser: ThrottleRule;
}

/** How `security.signInLimits` of site.yml writes them: windows in minutes. */
export interface SignInLimitSettings {
  perUserAndAddress: readonly { failures: number; minutes: number }[];
  perAddress: { failures: number; minutes: number };
  perUser: { failures: number; minutes: number };
}

const MINUTE_MS = 60_000;

/**
 * How long an address a username signed in from stays known for it: the per-user ceiling never
 * holds back that username there (its pair and address limits still do). A month covers a
 * reader's usual places; every sign-in from one starts the month again.
 */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE_MS;

export function signInLimitsFrom(settings: SignInLimitSettings): SignInLimits {
  const rule = ({ failures, minutes }: { failures: number; minutes: number }): ThrottleRule => ({ failures, windowMs: minutes * MINUTE_MS });
  return { perUserAndAddress: settings.perUserAndAddress.map(rule), perAddress: rule(settings.perAddress), perUser: rule(settings.perUser) };
}

/** The defaults of `security.signInLimits`: 5 a minute and 20 an hour per pair, 20 per 15 minutes per address, 100 an hour per user. */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = signInLimitsFrom({
  perUserAndAddress: [
    { failures: 5, minutes: 1 },
    { failures: 20, minutes: 60 },
  ],
  perAddress: { failures: 20, minutes: 15 },
  perUser: { failures: 100, minutes: 60 },
});

/** `unchecked`: the password was never checked (for example a missing CSRF token), so nothing counts. */
export type AttemptOutcome = 'success' | 'failure' | 'unchecked';

/** An attempt may go ahead (then the caller settles it with what the check found), or must wait. */
type SignInAttempt = { allowed: false; retryAfter: number } | { allowed: true; settle(outcome: AttemptOutcome): Promise<void> };

export interface SignInGate {
  begin(username: string, address: string): Promise<SignInAttempt>;
}

interface Counter {
  key: string;
  rule: ThrottleRule;
}

/** Usernames are compared case-insensitively, without surrounding spaces (as the password check reads them). */
export function normalUsername(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * The address as the throttle counts it. One IPv6 subscriber usually holds a whole /64 (and picks
 * any address in it), so an IPv6 address counts as its /64; an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, how a dual-stack socket reports an IPv4 peer) counts as the IPv4 address.
 * Anything else is kept as it is.
 */
export function throttledAddress(address: string): string {
  const plain = address.trim().toLowerCase().replace(/%.*$/, '');
  if (!isIPv6(plain)) return address;
  // The URL parser writes the address canonically: embedded IPv4 as hex, zeros compressed.
  const canonical = new URL(`http://[${plain}]`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [...headGroups, ...Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0'), ...tailGroups].map((group) => Number.parseInt(group, 16));
  if (groups.slice(0, 6).join(':') === '0:0:0:0:0:65535') return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}

// Keys stay short whatever a client posts: a long name is keyed by its hash.
const keyPart = (value: string) => (value.length <= 200 ? encodeURIComponent(value) : `sha256-${createHash('sha256').update(value).digest('hex')}`);

/**
 * Each attempt first takes a slot in its counters with one atomic increment each, so parallel
 * guesses on any number of instances never pass more checks than a limit allows; a refused,
 * successful or unchecked attempt gives its slots back, and only a failure keeps them. A counter
 * given back to 0 is deleted in the same atomic step, so attempts that count nothing leave no
 * keys (a flood of them can neither fill the store nor evict the counters that matter). Windows
 * are fixed and start at the first counted attempt. Counters are taken address first, then the
 * pair, then the user, and a refusal stops there: a refused address creates no new keys.
 */
export function createSignInGate(store: SharedStore, limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS): SignInGate {
  checkLimits(limits);
  const take = (counter: Counter) => store.increment(counter.key, 1, counter.rule.windowMs);
  const release = (counter: Counter) => store.release(counter.key, 1);

  return {
    async begin(username, address) {
      const user = keyPart(normalUsername(username));
      const place = keyPart(throttledAddress(address));
      const addressCounter = { key: `limit:address:${place}`, rule: limits.perAddress };
      const pairCounters = limits.perUserAndAddress.map((rule, index) => ({ key: `limit:pair${index}:${user}:${place}`, rule }));
      const userCounter = { key: `limit:user:${user}`, rule: limits.perUser };
      const knownKey = `limit:known:${user}:${place}`;
      const taken: Counter[] = [];
      const refuse = async (waitsMs: number[]): Promise<SignInAttempt> => {
        await Promise.all(taken.map(release));
        return { allowed: false, retryAfter: Math.max(1, Math.ceil(Math.max(...waitsMs) / 1000)) };
      };
      const over = (counts: { count: number; ttlMs: number }[], counters: Counter[]) => counts.filter((counted, index) => counted.count > counters[index]!.rule.failures).map((counted) => counted.ttlMs);

      const fromAddress = await take(addressCounter);
      taken.push(addressCounter);
      if (fromAddress.count > limits.perAddress.failures) return refuse([fromAddress.ttlMs]);

      const fromPair = await Promise.all(pairCounters.map(take));
      taken.push(...pairCounters);
      const pairWaits = over(fromPair, pairCounters);
      if (pairWaits.length > 0) return refuse(pairWaits);

      const forUser = await take(userCounter);
      taken.push(userCounter);
      // Clean: this attempt is the only one its address and its pair have counted in their windows.
      const clean = fromAddress.count === 1 && fromPair.every((counted) => counted.count === 1);
      // Known: this username signed in from this address lately, so its failures here are the reader's own typos.
      if (!clean && forUser.count > limits.perUser.failures && (await store.getMany([knownKey]))[0] === undefined) return refuse([forUser.ttlMs]);

      let settled = false;
      return {
        allowed: true,
        async settle(outcome) {
          // Settled once: a second call (an error path after the first) must not give slots back twice.
          if (settled) return;
          settled = true;
          if (outcome === 'failure') return;
          if (outcome === 'unchecked') {
            await Promise.all(taken.map(release));
            return;
          }
          // The reader proved the password from here: the pair starts afresh and the address is known
          // for this username; the address and the user keep their failures.
          await Promise.all([...pairCounters.map((counter) => store.delete(counter.key)), release(addressCounter), release(userCounter), store.set(knownKey, '1', KNOWN_ADDRESS_MS)]);
        },
      };
    },
  };
}

function checkLimits(limits: SignInLimits): void {
  const rules: [string, ThrottleRule][] = [...limits.perUserAndAddress.map((rule, index): [string, ThrottleRule] => [`perUserAndAddress[${index}]`, rule]), ['perAddress', limits.perAddress], ['perUser', limits.perUser]];
  if (limits.perUserAndAddress.length === 0) throw new RangeError('perUserAndAddress needs at least one rule.');
  for (const [name, rule] of rules) {
    if (!Number.isInteger(rule.failures) || rule.failures < 1) throw new RangeError(`${name}.failures must be a positive integer.`);
    if (!Number.isFinite(rule.windowMs) || rule.windowMs <= 0) throw new RangeError(`${name}.windowMs must be a positive number.`);
  }
}
