/**
 * Password hashes for config/users.yml: `scrypt$<N>$<r>$<p>$<salt>$<hash>`, salt and hash in base64url.
 * Create one with `npx caravan-docs hash-password`.
 */
import crypto from 'node:crypto';

export const DEFAULT_SCRYPT = { N: 16384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

// Limits on parameters read from a stored hash, so a hostile one cannot exhaust memory or CPU.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;
const MAX_MEMORY_BYTES = 256 * 1024 * 1024;
const MAX_KEY_BYTES = 64;

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

const POSITIVE_INTEGER = /^[1-9][0-9]*$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Decodes canonical, unpadded base64url; undefined for anything else. */
function decodeBase64url(text: string): Buffer | undefined {
  if (!BASE64URL.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

function parseHash(value: string): ParsedHash | undefined {
  const parts = value.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  if (![n, r, p].every((part) => POSITIVE_INTEGER.test(part))) return undefined;
  const saltBytes = decodeBase64url(salt);
  const hashBytes = decodeBase64url(hash);
  if (saltBytes === undefined || saltBytes.length < SALT_BYTES || hashBytes === undefined || hashBytes.length < KEY_BYTES) return undefined;
  return { N: Number(n), r: Number(r), p: Number(p), salt: saltBytes, hash: hashBytes };
}

function isSupported({ N, r, p, hash }: ParsedHash): boolean {
  if (N > MAX_N || r > MAX_R || p > MAX_P || 128 * N * r > MAX_MEMORY_BYTES || hash.length > MAX_KEY_BYTES) return false;
  return N > 1 && (N & (N - 1)) === 0; // scrypt needs N a power of two
}

/** The async scrypt, looked up on each call so tests can observe it. */
function derive(password: string, salt: Buffer, keylen: number, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // OpenSSL needs 128·r·(N + 2) bytes for V plus 128·r·p for B; double it for headroom.
    const maxmem = 2 * 128 * r * (N + p + 2);
    crypto.scrypt(password, salt, keylen, { N, r, p, maxmem }, (error, key) => (error === null ? resolve(key) : reject(error)));
  });
}

/** Compares in constant time; buffers of different lengths are simply unequal. */
export function constantTimeEqual(a: Buffer, b: Buffer): boolean {
  if (a.length !== b.length) return false;
  return crypto.timingSafeEqual(a, b);
}

/** Hashes a password with a fresh random salt and the default scrypt parameters. */
export async function hashPassword(password: string): Promise<string> {
  if (password.length === 0) throw new Error('The password is empty; choose a non-empty password.');
  const { N, r, p } = DEFAULT_SCRYPT;
  const salt = crypto.randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, KEY_BYTES, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** True when `value` has the shape of a hash made by hashPassword (not whether its parameters are supported). */
export function isPasswordHash(value: string): boolean {
  return parseHash(value) !== undefined;
}

/** Checks a password against a stored hash; false for a wrong password and for a malformed or unsupported hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === undefined || !isSupported(parsed)) return false;
  try {
    const actual = await derive(password, parsed.salt, parsed.hash.length, parsed.N, parsed.r, parsed.p);
    return constantTimeEqual(actual, parsed.hash);
  } catch {
    return false;
  }
}

let dummyHash: string | undefined;

/** Spends the same time as checking a wrong password, so an unknown username is not revealed by timing. */
export async function verifyUnknownUser(password: string): Promise<false> {
  // Random salt and hash: a well-formed hash no password matches; costs no scrypt to make.
  dummyHash ??= `scrypt$${DEFAULT_SCRYPT.N}$${DEFAULT_SCRYPT.r}$${DEFAULT_SCRYPT.p}$${crypto.randomBytes(SALT_BYTES).toString('base64url')}$${crypto.randomBytes(KEY_BYTES).toString('base64url')}`;
  await verifyPassword(password, dummyHash);
  return false;
}
