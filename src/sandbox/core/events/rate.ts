/**
 * A connection's rate limit: a token bucket holding `burst` frames that refills at `perSecond`
 * (two numbers of state, whatever the traffic). Each frame takes a token; a frame that finds none
 * is refused, and the bucket says how long until the next token. Pure apart from the clock.
 */

export interface RateLimiter {
  /** 0 when the frame may pass (and its token is taken), else the milliseconds until one may. */
  take(): number;
}

export function createRateLimiter(perSecond: number, burst: number, clock: () => number): RateLimiter {
  const capacity = Math.max(1, burst);
  const perMs = Math.max(perSecond, 0.001) / 1000;
  let tokens = capacity;
  let last = clock();
  return {
    take() {
      const now = clock();
      // A clock that goes back refills nothing (and takes nothing away).
      tokens = Math.min(capacity, tokens + Math.max(0, now - last) * perMs);
      last = Math.max(last, now);
      if (tokens >= 1) {
        tokens -= 1;
        return 0;
      }
      return Math.ceil((1 - tokens) / perMs);
    },
  };
}
