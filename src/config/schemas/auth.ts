import { z } from 'zod';

const pathPrefix = z.string().regex(/^\//, { error: 'must start with "/"' });

/** `auth.oidc`. */
const oidcSchema = z
  .strictObject({
    issuer: z.url({ protocol: /^https?$/, error: 'must be the absolute http(s) URL of the OpenID Connect issuer' }).describe("Issuer URL exactly as the provider's discovery document states it."),
    clientId: z.string().min(1).describe('The client id registered with the issuer for this site.'),
    rolesClaim: z.string().min(1).default('roles').describe("The ID-token claim that carries the reader's roles (an array of strings, or one string)."),
    name: z.string().min(1).default('Single sign-on').describe('Label of the sign-in button.'),
  })
  .describe('Single sign-on with any OpenID Connect issuer, next to (or instead of) config/users.yml. The client secret comes from the environment.');

/** The `auth:` block of site.yml. */
export const authSchema = z
  .strictObject({
    enabled: z.boolean().default(false).describe('Serve gated pages to signed-in readers with the right role (builds a Node server).'),
    requireLogin: z.boolean().default(false).describe('With `enabled`, every documentation page needs a signed-in reader.'),
    publicPaths: z.array(pathPrefix).default(['/login', '/api/auth']).describe('Path prefixes (each starting with "/") that skip the sign-in check; they never change what crawlers discover.'),
    oidc: oidcSchema.optional(),
    roles: z.array(z.string().min(1)).optional().describe('Roles readers can hold besides those in config/users.yml (those an OpenID Connect provider grants): nav.yml roles are checked against both.'),
  })
  .prefault({})
  .describe('Sign-in and gated pages.');

export type AuthConfig = z.output<typeof authSchema>;

/** `auth.enabled` and `auth.requireLogin`: no documentation page is public (discovery spec rule 3). */
export function isLoginOnly(auth: AuthConfig): boolean {
  return auth.enabled && auth.requireLogin;
}
