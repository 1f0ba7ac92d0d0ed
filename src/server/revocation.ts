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
