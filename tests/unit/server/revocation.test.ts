import { describe, expect, it } from 'vitest';
import { SESSION_MAX_AGE_SECONDS } from '../../../src/server/auth-config.ts';
import { isRevoked, pendingSignOuts, revokeSession, signOutEverywhere } from '../../../src/server/revocation.ts';
import { createMemoryStore } from '../../../src/server/store/memory.ts';

const T0 = 1_700_000_000_000;
const ONE_INSTANCE = { guardDataLoss: false };

function setup() {
  const clock = { now: T0 };
  return { clock, store: createMemoryStore({ now: () => clock.now }) };
}

describe('revocation', () => {
  const session = { sid: 'sid-1', readerId: 'partner', signedInAt: T0 / 1000 - 60 };

  it('a signed-out session is refused until the end of its lifetime, and only that session', async () => {
    const { clock, store } = setup();
    expect(await isRevoked(store, session, ONE_INSTANCE)).toBe(false);
    await revokeSession(store, session, clock.now);
    expect(await isRevoked(store, session, ONE_INSTANCE)).toBe(true);
    expect(await isRevoked(store, { ...session, sid: 'sid-2' }, ONE_INSTANCE)).toBe(false);
    clock.now = (session.signedInAt + SESSION_MAX_AGE_SECONDS) * 1000 + 1;
    // The record is gone, and the session has expired by its own clock anyway.
    expect(await isRevoked(store, session, ONE_INSTANCE)).toBe(false);
  });

  it('an ended session records nothing', async () => {
    const { store } = setup();
    await revokeSession(store, session, (session.signedInAt + SESSION_MAX_AGE_SECONDS + 1) * 1000);
    expect(await store.getMany([`session:revoked:${session.sid}`])).toEqual([undefined]);
  });

  it('sign out everywhere ends the sessions a reader started up to that second, not later ones or other readers', async () => {
    const { clock, store } = setup();
    await signOutEverywhere(store, 'partner', clock.now);
    expect(await isRevoked(store, session, ONE_INSTANCE)).toBe(true);
    expect(await isRevoked(store, { ...session, signedInAt: T0 / 1000 }, ONE_INSTANCE)).toBe(true);
    expect(await isRevoked(store, { ...session, signedInAt: T0 / 1000 + 1 }, ONE_INSTANCE)).toBe(false);
    expect(await isRevoked(store, { ...session, readerId: 'admin' }, ONE_INSTANCE)).toBe(false);
  });

  it('a shared store that lost its records (restarted empty) ends every session started before it came back', async () => {
    const { clock, store } = setup();
    const fleet = { guardDataLoss: true, nowMs: clock.now };
    expect(await isRevoked(store, session, fleet)).toBe(true);
    expect(await isRevoked(store, { ...session, signedInAt: T0 / 1000 }, fleet)).toBe(false);
    // The mark is kept: a later check still compares with when the records began.
    expect(await isRevoked(store, session, { guardDataLoss: true, nowMs: T0 + 3_600_000 })).toBe(true);
    expect(await isRevoked(store, { ...session, signedInAt: T0 / 1000 + 10 }, { guardDataLoss: true, nowMs: T0 + 3_600_000 })).toBe(false);
  });
});

describe('sign-outs the store could not record', () => {
  const session = { sid: 'sid-9', readerId: 'partner', signedInAt: T0 / 1000 - 60 };

  it('are refused here at once and recorded, for every instance, once the store answers again', async () => {
    const { clock, store } = setup();
    let down = true;
    const flaky = () => (down ? { ...store, set: () => Promise.reject(new Error('down')) } : store);
    const pending = pendingSignOuts(flaky, () => clock.now);
    pending.add(session);
    expect(pending.has('sid-9')).toBe(true);
    await pending.flush();
    // Still down: kept, and not in the store.
    expect(pending.size).toBe(1);
    expect(await isRevoked(store, session, ONE_INSTANCE)).toBe(false);
    down = false;
    await pending.flush();
    expect(pending.size).toBe(0);
    expect(await isRevoked(store, session, ONE_INSTANCE)).toBe(true);
  });

  it('need no record once the session has ended by its own clock', async () => {
    const { clock, store } = setup();
    const pending = pendingSignOuts(() => store, () => clock.now);
    pending.add(session);
    clock.now = (session.signedInAt + SESSION_MAX_AGE_SECONDS) * 1000;
    await pending.flush();
    expect(pending.size).toBe(0);
  });
});
