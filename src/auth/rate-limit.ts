/** In-memory limit on failed sign-ins, per username and per client address, with fixed windows. */

interface LimitRule {
  maxFailures: number;
  windowMs: number;
}

export interface SignInLimiterOptions {
  perUser: LimitRule;
  perAddress: LimitRule;
  now?: () => number;
  /** Most keys (usernames plus addresses) kept at once; the oldest is evicted beyond it. */
  maxKeys?: number;
}

export interface SignInLimiter {
  /** Seconds until another attempt is allowed for this username/address pair, or 0 when allowed. */
  retryAfter(username: string, address: string): number;
  recordFailure(username: string, address: string): void;
  /** A successful sign-in clears the user's failures (not the address's). */
  recordSuccess(username: string, address: string): void;
}

export const DEFAULT_SIGN_IN_LIMITS = {
  perUser: { maxFailures: 5, windowMs: 15 * 60_000 },
  perAddress: { maxFailures: 20, windowMs: 15 * 60_000 },
} as const satisfies Pick<SignInLimiterOptions, 'perUser' | 'perAddress'>;

const DEFAULT_MAX_KEYS = 10_000;

interface Entry {
  start: number;
  failures: number;
  rule: LimitRule;
}

function checkRule(name: string, rule: LimitRule): void {
  if (!Number.isInteger(rule.maxFailures) || rule.maxFailures < 1) throw new RangeError(`${name}.maxFailures must be a positive integer.`);
  if (!Number.isFinite(rule.windowMs) || rule.windowMs <= 0) throw new RangeError(`${name}.windowMs must be a positive number.`);
}

export function createSignInLimiter(options: SignInLimiterOptions): SignInLimiter {
  const { perUser, perAddress, now = Date.now, maxKeys = DEFAULT_MAX_KEYS } = options;
  checkRule('perUser', perUser);
  checkRule('perAddress', perAddress);
  if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError('maxKeys must be a positive integer.');

  // Map order is window-start order: a key is re-inserted whenever its window restarts.
  const entries = new Map<string, Entry>();
  const userKey = (username: string) => `user:${username.trim().toLowerCase()}`;
  const addressKey = (address: string) => `address:${address}`;
  const expired = (entry: Entry, at: number) => at >= entry.start + entry.rule.windowMs;

  function live(key: string, at: number): Entry | undefined {
    const entry = entries.get(key);
    if (entry !== undefined && expired(entry, at)) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function makeRoom(at: number): void {
    if (entries.size < maxKeys) return;
    for (const [key, entry] of entries) if (expired(entry, at)) entries.delete(key);
    while (entries.size >= maxKeys) {
      const oldest = entries.keys().next();
      if (oldest.done === true) break;
      entries.delete(oldest.value);
    }
  }

  function fail(key: string, rule: LimitRule, at: number): void {
    const entry = live(key, at);
    if (entry !== undefined) {
      entry.failures += 1;
      return;
    }
    makeRoom(at);
    entries.set(key, { start: at, failures: 1, rule });
  }

  function wait(key: string, at: number): number {
    const entry = live(key, at);
    if (entry === undefined || entry.failures < entry.rule.maxFailures) return 0;
    return Math.max(1, Math.ceil((entry.start + entry.rule.windowMs - at) / 1000));
  }

  return {
    retryAfter(username, address) {
      const at = now();
      return Math.max(wait(userKey(username), at), wait(addressKey(address), at));
    },
    recordFailure(username, address) {
      const at = now();
      fail(userKey(username), perUser, at);
      fail(addressKey(address), perAddress, at);
    },
    recordSuccess(username) {
      entries.delete(userKey(username));
    },
  };
}
