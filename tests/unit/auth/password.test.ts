import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { constantTimeEqual, DEFAULT_SCRYPT, hashPassword, isPasswordHash, verifyPassword, verifyUnknownUser } from '../../../src/auth/password.ts';

const b64 = (bytes: number, fill = 7) => Buffer.alloc(bytes, fill).toString('base64url');

/** A hash made outside the module, with chosen (cheap) parameters. */
function hashWith(password: string, N: number, r: number, p: number, keylen = 32): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password, salt, keylen, { N, r, p, maxmem: 1024 * 1024 * 1024 });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('hashPassword', () => {
  it('produces scrypt$16384$8$1$<16-byte salt>$<32-byte hash>', async () => {
    const hash = await hashPassword('correct horse');
    const parts = hash.split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(parts[4]!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(parts[5]!, 'base64url')).toHaveLength(32);
    expect(parts[4]).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parts[5]).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('is the scrypt of the password with the salt it records', async () => {
    const hash = await hashPassword('correct horse');
    const [, , , , salt, key] = hash.split('$');
    const expected = crypto.scryptSync('correct horse', Buffer.from(salt!, 'base64url'), 32, { N: 16384, r: 8, p: 1 });
    expect(Buffer.from(key!, 'base64url').equals(expected)).toBe(true);
  });

  it('uses a fresh salt each time', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(a).not.toBe(b);
  });

  it('refuses an empty password', async () => {
    await expect(hashPassword('')).rejects.toThrow(/password is empty/);
  });
});

describe('verifyPassword', () => {
  it('accepts the password a hash was made from', async () => {
    const hash = await hashPassword('correct horse');
    await expect(verifyPassword('correct horse', hash)).resolves.toBe(true);
  });

  it('round-trips non-ASCII passwords and ones containing $', async () => {
    for (const password of ['pässwörd ✓', 'a$b$c', ' spaced ']) {
      await expect(verifyPassword(password, await hashPassword(password))).resolves.toBe(true);
    }
  });

  it('refuses a wrong password, including near misses', async () => {
    const hash = await hashPassword('correct horse');
    for (const wrong of ['correct hors', 'correct horse ', 'Correct horse', '']) {
      await expect(verifyPassword(wrong, hash)).resolves.toBe(false);
    }
  });

  it('uses the parameters and key length stored in the hash', async () => {
    await expect(verifyPassword('pw', hashWith('pw', 1024, 4, 2))).resolves.toBe(true);
    await expect(verifyPassword('pw', hashWith('pw', 16, 1, 1, 48))).resolves.toBe(true);
    await expect(verifyPassword('other', hashWith('pw', 1024, 4, 2))).resolves.toBe(false);
  });

  it('compares the keys with crypto.timingSafeEqual', async () => {
    const hash = await hashPassword('correct horse');
    const spy = vi.spyOn(crypto, 'timingSafeEqual');
    await expect(verifyPassword('wrong', hash)).resolves.toBe(false);
    expect(spy).toHaveBeenCalledTimes(1);
    await expect(verifyPassword('correct horse', hash)).resolves.toBe(true);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('returns false, without throwing or running scrypt, for malformed stored values', async () => {
    const spy = vi.spyOn(crypto, 'scrypt');
    const malformed = ['', 'correct horse', 'scrypt$', `scrypt$16384$8$1$${b64(16)}`, `scrypt$16384$8$1$${b64(16)}$${b64(32)}$x`, `scrypt$abc$8$1$${b64(16)}$${b64(32)}`, `scrypt$16384$8$1$${b64(16)}$${b64(32)}=`];
    for (const stored of malformed) {
      await expect(verifyPassword('pw', stored)).resolves.toBe(false);
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('returns false for absurd parameters before running scrypt', async () => {
    const spy = vi.spyOn(crypto, 'scrypt');
    const absurd = [
      [2 ** 21, 8, 1],
      [2 ** 40, 8, 1],
      [16384, 33, 1],
      [16384, 8, 17],
      [2 ** 20, 32, 16], // each within its cap, but 4 GiB of memory
      [1000, 8, 1], // not a power of two
      [1, 8, 1],
      [Number.MAX_SAFE_INTEGER, 1, 1],
    ];
    for (const [N, r, p] of absurd) {
      await expect(verifyPassword('pw', `scrypt$${N}$${r}$${p}$${b64(16)}$${b64(32)}`)).resolves.toBe(false);
    }
    await expect(verifyPassword('pw', `scrypt$16384$8$1$${b64(16)}$${b64(4096)}`)).resolves.toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses parameters over the caps even when the password is right', async () => {
    // Cheap to compute (N = 2), so only the caps can make these false.
    await expect(verifyPassword('pw', hashWith('pw', 2, 32, 16))).resolves.toBe(true);
    await expect(verifyPassword('pw', hashWith('pw', 2, 33, 1))).resolves.toBe(false);
    await expect(verifyPassword('pw', hashWith('pw', 2, 1, 17))).resolves.toBe(false);
  });
});

describe('isPasswordHash', () => {
  it('accepts what hashPassword makes', async () => {
    expect(isPasswordHash(await hashPassword('x'))).toBe(true);
    expect(isPasswordHash(`scrypt$16384$8$1$${b64(16)}$${b64(32)}`)).toBe(true);
  });

  it('refuses plain text and the bare prefix', () => {
    for (const value of ['', 'hunter2', 'scrypt', 'scrypt$', 'scrypt$$$$$', '$2b$12$abcdefghijklmnopqrstuv']) {
      expect(isPasswordHash(value)).toBe(false);
    }
  });

  it('refuses the wrong number of parts', () => {
    expect(isPasswordHash(`scrypt$16384$8$${b64(16)}$${b64(32)}`)).toBe(false);
    expect(isPasswordHash(`scrypt$16384$8$1$1$${b64(16)}$${b64(32)}`)).toBe(false);
    expect(isPasswordHash(`scrypt$16384$8$1$${b64(16)}$${b64(32)}$`)).toBe(false);
  });

  it('refuses another scheme name', () => {
    expect(isPasswordHash(`Scrypt$16384$8$1$${b64(16)}$${b64(32)}`)).toBe(false);
    expect(isPasswordHash(`argon2$16384$8$1$${b64(16)}$${b64(32)}`)).toBe(false);
  });

  it('refuses parameters that are not positive integers', () => {
    for (const [N, r, p] of [['0', '8', '1'], ['16384', '-8', '1'], ['16384', '8', '1.5'], ['1e4', '8', '1'], ['', '8', '1'], ['16384', '8', ' 1']]) {
      expect(isPasswordHash(`scrypt$${N}$${r}$${p}$${b64(16)}$${b64(32)}`)).toBe(false);
    }
  });

  it('refuses salt or hash that is not base64url', () => {
    const salt = b64(16);
    const hash = b64(32);
    expect(isPasswordHash(`scrypt$16384$8$1$${Buffer.alloc(16, 0xfb).toString('base64')}$${hash}`)).toBe(false); // + and /
    expect(isPasswordHash(`scrypt$16384$8$1$${salt}$${Buffer.alloc(32, 7).toString('base64')}`)).toBe(false); // = padding
    expect(isPasswordHash(`scrypt$16384$8$1$${salt}$${hash.slice(0, -1)}!`)).toBe(false);
    expect(isPasswordHash(`scrypt$16384$8$1$$${hash}`)).toBe(false);
    expect(isPasswordHash(`scrypt$16384$8$1$${salt}$`)).toBe(false);
    expect(isPasswordHash(`scrypt$16384$8$1$${b64(18)}A$${hash}`)).toBe(false); // 4n+1 characters cannot be base64
    expect(isPasswordHash(`scrypt$16384$8$1$${salt.slice(0, -1)}B$${hash}`)).toBe(false); // stray low bits: not canonical
  });

  it('refuses a salt under 16 bytes and a hash under 32 bytes', () => {
    expect(isPasswordHash(`scrypt$16384$8$1$${b64(15)}$${b64(32)}`)).toBe(false);
    expect(isPasswordHash(`scrypt$16384$8$1$${b64(16)}$${b64(31)}`)).toBe(false);
  });
});

describe('constantTimeEqual', () => {
  it('is true only for equal bytes', () => {
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abc'))).toBe(true);
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abd'))).toBe(false);
    expect(constantTimeEqual(Buffer.alloc(0), Buffer.alloc(0))).toBe(true);
  });

  it('is false, without throwing, for different lengths', () => {
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abcd'))).toBe(false);
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.alloc(0))).toBe(false);
  });

  it('uses crypto.timingSafeEqual for equal lengths', () => {
    const spy = vi.spyOn(crypto, 'timingSafeEqual');
    constantTimeEqual(Buffer.from('abc'), Buffer.from('abd'));
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('verifyUnknownUser', () => {
  it('always resolves false', async () => {
    for (const password of ['', 'anything', 'correct horse']) {
      await expect(verifyUnknownUser(password)).resolves.toBe(false);
    }
  });

  it('runs exactly one scrypt with the default parameters, like a wrong password', async () => {
    await verifyUnknownUser('warm-up');
    const stored = await hashPassword('correct horse');
    const spy = vi.spyOn(crypto, 'scrypt');
    await verifyUnknownUser('guess');
    await verifyPassword('guess', stored);
    expect(spy).toHaveBeenCalledTimes(2);
    const [unknown, known] = spy.mock.calls.map((call) => ({ password: call[0], keylen: call[2], options: call[3] }));
    expect(unknown).toEqual(known);
    expect(unknown).toMatchObject({ password: 'guess', keylen: 32, options: expect.objectContaining(DEFAULT_SCRYPT) });
  });

  it('also runs scrypt on its very first call', async () => {
    vi.resetModules();
    const fresh = await import('../../../src/auth/password.ts');
    const spy = vi.spyOn(crypto, 'scrypt');
    await expect(fresh.verifyUnknownUser('guess')).resolves.toBe(false);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
