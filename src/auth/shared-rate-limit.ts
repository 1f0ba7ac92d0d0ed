import type { SharedStore } from '../server/store/types.ts';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimiter, type SignInLimiterOptions } from './rate-limit.ts';

/**
 * The failed-sign-in limit as a gate every password check passes: `begin` says whether the
 * attempt may go ahead, and the caller then settles it with what the check found.
 */
type SignInAttempt = { allowed: false; retryAfter: number } | { allowed: true; settle(outcome: AttemptOutcome): Promise<void> };
/** `unchecked`: the password was never checked (for example a missing CSRF token), so nothing counts. */
type AttemptOutcome = 'success' | 'failure' | 'unchecked';

export interface SignInGate {
  begin(username: string, address: string): Promise<SignInAttempt>;
}

/** One instance: the in-memory limiter, with the caller running one check at a time per username and per address. */
export function memoryGate(limiter: SignInLimiter): SignInGate {
  return {
    async begin(username, address) {
      const wait = limiter.retryAfter(username, address);
      if (wait > 0) return { allowed: false, retryAfter: wait };
      return {
        allowed: true,
        async settle(outcome) {
          if (outcome === 'failure') limiter.recordFailure(username, address);
          if (outcome === 'success') limiter.recordSuccess(username, address);
        },
      };
    },
  };
}

/**
 * A fleet: the same limits counted in the shared store. Each attempt first takes a slot in both
 * counters with one atomic increment each, so parallel guesses on any number of instances can
 * never pass more checks than the limit; a refused, successful or unchecked attempt gives its
 * slots back (a success clears the username's count, as in memory). Windows are fixed and start
 * at the first counted attempt.
 */
export function createSharedSignInGate(store: SharedStore, limits: Pick<SignInLimiterOptions, 'perUser' | 'perAddress'> = DEFAULT_SIGN_IN_LIMITS): SignInGate {
  const { perUser, perAddress } = limits;
  return {
    async begin(username, address) {
      const userKey = `limit:user:${encodeURIComponent(username.trim().toLowerCase())}`;
      const addressKey = `limit:address:${encodeURIComponent(address)}`;
      const [user, place] = await Promise.all([store.increment(userKey, 1, perUser.windowMs), store.increment(addressKey, 1, perAddress.windowMs)]);
      // A slot given back after its window ended would start a new counter below zero (a guess
      // banked for later): such a counter is dropped, as an ended window is.
      const release = async (key: string, windowMs: number) => {
        if ((await store.increment(key, -1, windowMs)).count < 0) await store.delete(key);
      };
      const waits = [user.count > perUser.maxFailures ? user.ttlMs : 0, place.count > perAddress.maxFailures ? place.ttlMs : 0];
      if (waits.some((wait) => wait > 0)) {
        await Promise.all([release(userKey, perUser.windowMs), release(addressKey, perAddress.windowMs)]);
        return { allowed: false, retryAfter: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) };
      }
      return {
        allowed: true,
        async settle(outcome) {
          if (outcome === 'failure') return;
          await Promise.all([outcome === 'success' ? store.delete(userKey) : release(userKey, perUser.windowMs), release(addressKey, perAddress.windowMs)]);
        },
      };
    },
  };
}
