import { z } from 'zod';

const pathPrefix = z.string().regex(/^\//, { error: 'must start with "/"' });

/** The `auth:` block of site.yml: sign-in and gated pages. */
export const authSchema = z
  .strictObject({
    /** Serve gated pages to signed-in readers with the right role (builds a Node server). */
    enabled: z.boolean().default(false),
    /** With `enabled`, every documentation page needs a signed-in reader. */
    requireLogin: z.boolean().default(false),
    /** Path prefixes that skip the sign-in check; they never change what crawlers discover. */
    publicPaths: z.array(pathPrefix).default(['/login', '/api/auth']),
  })
  .prefault({});

export type AuthConfig = z.output<typeof authSchema>;

/** `auth.enabled` and `auth.requireLogin`: no documentation page is public (discovery spec rule 3). */
export function isLoginOnly(auth: AuthConfig): boolean {
  return auth.enabled && auth.requireLogin;
}
