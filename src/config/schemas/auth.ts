import { z } from 'zod';

const pathPrefix = z.string().regex(/^\//, { error: 'must start with "/"' });

/** `auth.oidc`: single sign-on with any OpenID Connect issuer. The client secret comes from the environment. */
const oidcSchema = z.strictObject({
  /** Issuer URL exactly as the provider's discovery document states it. */
  issuer: z.url({ protocol: /^https?$/, error: 'must be the absolute http(s) URL of the OpenID Connect issuer' }),
  /** The client id registered with the issuer for this site. */
  clientId: z.string().min(1),
  /** The ID-token claim that carries the reader's roles (an array of strings, or one string). */
  rolesClaim: z.string().min(1).default('roles'),
  /** Label of the sign-in button. */
  name: z.string().min(1).default('Single sign-on'),
});

/** The `auth:` block of site.yml: sign-in and gated pages. */
export const authSchema = z
  .strictObject({
    /** Serve gated pages to signed-in readers with the right role (builds a Node server). */
    enabled: z.boolean().default(false),
    /** With `enabled`, every documentation page needs a signed-in reader. */
    requireLogin: z.boolean().default(false),
    /** Path prefixes that skip the sign-in check; they never change what crawlers discover. */
    publicPaths: z.array(pathPrefix).default(['/login', '/api/auth']),
    /** Sign-in through an OpenID Connect provider, next to (or instead of) config/users.yml. */
    oidc: oidcSchema.optional(),
    /** Roles readers can hold besides those in config/users.yml (those an OpenID Connect provider grants): nav.yml roles are checked against both. */
    roles: z.array(z.string().min(1)).optional(),
  })
  .prefault({});

export type AuthConfig = z.output<typeof authSchema>;

/** `auth.enabled` and `auth.requireLogin`: no documentation page is public (discovery spec rule 3). */
export function isLoginOnly(auth: AuthConfig): boolean {
  return auth.enabled && auth.requireLogin;
}
