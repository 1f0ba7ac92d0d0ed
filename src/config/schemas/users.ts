import { z } from 'zod';
import { isPasswordHash } from '../../auth/password.ts';
import { roleName } from './nav.ts';

/**
 * The shape of a hash from `npx caravan-docs hash-password`, for JSON Schema, which cannot call
 * isPasswordHash (src/config/json-schemas.ts): `scrypt$N$r$p$salt$hash`, the salt at least 16 bytes
 * and the hash at least 32, in base64url. Looser than isPasswordHash, which stays the check.
 */
const PASSWORD_HASH_SHAPE = /^scrypt\$[1-9][0-9]*\$[1-9][0-9]*\$[1-9][0-9]*\$[A-Za-z0-9_-]{22,}\$[A-Za-z0-9_-]{43,}$/;

/** One reader of `config/users.yml`. */
const userSchema = z
  .strictObject({
    username: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._@+-]*$/, { error: 'must be letters, digits, ".", "_", "@", "+" or "-"' })
      .describe('What the reader types to sign in (letters, digits, ".", "_", "@", "+" and "-"); compared case-insensitively, so unique ignoring case.'),
    name: z.string().min(1).optional().describe('Shown in the header once signed in; defaults to the username.'),
    roles: z.array(roleName).default([]).describe('Roles that open gated pages (the `roles` lists of nav.yml).'),
    passwordHash: z
      .string()
      .refine(isPasswordHash, {
        error: 'is not a password hash.',
        params: { hint: 'run `npx caravan-docs hash-password`, type the password, and paste the printed `scrypt$…` line here. Never store the password itself.' },
      })
      .meta({ pattern: PASSWORD_HASH_SHAPE.source })
      .describe('An scrypt hash from `npx caravan-docs hash-password` (`scrypt$…`); never the password itself.'),
  })
  .describe('A reader who signs in with a username and password.');

/** `config/users.yml`. */
export const usersSchema = z.array(userSchema).describe('The readers who sign in with a password (the credentials sign-in).');

/** `config/users.yml`, the other way to write it. */
export const usersFileSchema = z.strictObject({ users: usersSchema }).describe('The same list under a `users:` key.');

export type UserRecord = z.output<typeof userSchema>;
