import { z } from 'zod';
import { isPasswordHash } from '../../auth/password.ts';
import { roleName } from './nav.ts';

/** One reader of `config/users.yml`, for the credentials sign-in. */
const userSchema = z.strictObject({
  /** What the reader types to sign in; compared case-insensitively. */
  username: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._@+-]*$/, { error: 'must be letters, digits, ".", "_", "@", "+" or "-"' }),
  /** Shown in the header once signed in; defaults to the username. */
  name: z.string().min(1).optional(),
  /** Roles that open gated pages (the `roles` lists of nav.yml). */
  roles: z.array(roleName).default([]),
  /** An scrypt hash from `npm run hash-password`; never the password itself. */
  passwordHash: z.string().refine(isPasswordHash, {
    error: 'is not a password hash.',
    params: { hint: 'run `npm run hash-password`, type the password, and paste the printed `scrypt$…` line here. Never store the password itself.' },
  }),
});

/** `config/users.yml`: a list of readers. */
export const usersSchema = z.array(userSchema);

/** The same list under a `users:` key, also accepted. */
export const usersFileSchema = z.strictObject({ users: usersSchema });

export type UserRecord = z.output<typeof userSchema>;
