import { SESSION_MAX_AGE_SECONDS } from './auth-config.ts';
import { RECORDS_SINCE_KEY, type SharedStore } from './store/index.ts';

/**
 * Ended sessions, shared by every instance through the store: a signed-out session's id until
 * the session would have expired anyway, and per reader a "not before" time (sign out
 * everywhere) that ends every session started at or before it.
 */
export interface SessionIdentity {
  /** The session id (`sid` in the session token), random per sign-in. */
  sid: string;
  /** The reader's id (`sub`): the username for users.yml readers, the provider's `sub` for single sign-on. */
  readerId: string;
  /** Seconds since the epoch. */
  signedInAt: number;
}

const revokedKey = (sid: string) => `session:revoked:${sid}`;
const notBeforeKey = (readerId: string) => `reader:not-before:${encodeURIComponent(readerId)}`;

/**
 * True when the session was signed out, or started no later than its reader's last "sign out
 * everywhere". One round trip. With `guardDataLoss` (a shared store), a store that comes back
 * empty (restarted without persistence, or flushed) ends every session started before it came
 * back: they may have been signed out in the records it lost.
 */
export async function isRevoked(store: SharedStore, session: SessionIdentity, options: { guardDataLoss: boolean; nowMs?: number }): Promise<boolean> {
  const keys = [revokedKey(session.sid), notBeforeKey(session.readerId)];
  const [revoked, notBefore, since] = await store.getMany(options.guardDataLoss ? [...keys, RECORDS_SINCE_KEY] : keys);
  if (revoked !== undefined || (notBefore !== undefined && session.signedInAt <= Number(notBefore))) return true;
  if (!options.guardDataLoss) return false;
  const recordsSince = since ?? (await store.setIfAbsent(RECORDS_SINCE_KEY, String(Math.floor((options.nowMs ?? Date.now()) / 1000))));
  return session.signedInAt < Number(recordsSince);
}

/** Records a signed-out session until the end of its lifetime (nothing to record once it has ended). */
export async function revokeSession(store: SharedStore, session: SessionIdentity, nowMs = Date.now()): Promise<void> {
  const left = (session.signedInAt + SESSION_MAX_AGE_SECONDS) * 1000 - nowMs;
  if (left > 0) await store.set(revokedKey(session.sid), '1', left);
}

/**
 * Ends every session of a reader that started in this second or before, on every instance; kept
 * for one session lifetime, after which those sessions have expired anyway. Returns the time recorded.
 */
export async function signOutEverywhere(store: SharedStore, readerId: string, nowMs = Date.now()): Promise<number> {
  const notBefore = Math.floor(nowMs / 1000);
  await store.set(notBeforeKey(readerId), String(notBefore), SESSION_MAX_AGE_SECONDS * 1000);
  return notBefore;
}

/** Sign-outs waiting for the store, at most this many (the oldest goes first beyond it). */
const MAX_PENDING_SIGN_OUTS = 10_000;
const RETRY_MS = 5_000;

export interface PendingSignOuts {
  /** A sign-out the store did not record: refused here from now on, recorded when the store answers. */
  add(session: SessionIdentity): void;
  /** Whether this session was signed out here and its record is still waiting. */
  has(sid: string): boolean;
  /** Records what waits; keeps what the store still refuses. */
  flush(): Promise<void>;
  readonly size: number;
}

/**
 * Sign-outs made while the store did not answer. The browser's cookie is cleared at once; a copy
 * of it is refused by this instance at once, and by every instance once the record is written:
 * retried every few seconds until the store answers, or until the session would have ended anyway.
 */
export function pendingSignOuts(store: () => SharedStore, nowMs: () => number = Date.now): PendingSignOuts {
  const pending = new Map<string, SessionIdentity>();
  let timer: NodeJS.Timeout | undefined;
  const ended = (session: SessionIdentity) => (session.signedInAt + SESSION_MAX_AGE_SECONDS) * 1000 <= nowMs();
  const flush = async () => {
    for (const [sid, session] of pending) {
      if (!ended(session)) {
        try {
          await revokeSession(store(), session, nowMs());
        } catch {
          return;
        }
      }
      pending.delete(sid);
    }
    clearInterval(timer);
    timer = undefined;
  };
  return {
    add(session) {
      if (pending.size >= MAX_PENDING_SIGN_OUTS) pending.delete(pending.keys().next().value!);
      pending.set(session.sid, session);
      timer ??= setInterval(() => void flush(), RETRY_MS).unref();
    },
    has: (sid) => pending.has(sid),
    flush,
    get size() {
      return pending.size;
    },
  };
}
