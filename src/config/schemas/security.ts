import { z } from 'zod';

/** CSP directives of the built-in policy a site may add sources to (src/server/front/security-headers.ts). */
const EXTENSIBLE_CSP_DIRECTIVES = ['script-src', 'form-action', 'frame-ancestors'] as const;

/** A CSP source expression: a scheme, host or origin (`https://plausible.io`), a quoted keyword or a hash. */
const cspSource = z.string().regex(/^(?:'[A-Za-z0-9+/=_-]+'|[A-Za-z][A-Za-z0-9+.-]*:(?:\/\/[^\s;,']+)?|\*?[A-Za-z0-9.-]+(?::\d+)?(?:\/[^\s;,']*)?)$/, {
  error: "must be one CSP source: an origin (https://cdn.example.com), a scheme (https:), a host, or a quoted keyword or hash ('sha256-…')",
});

const bytes = (fallback: number) => z.number().int().min(1024, { error: 'must be at least 1024 bytes' }).max(64 * 1024 * 1024, { error: 'must be at most 67108864 bytes (64 MiB)' }).default(fallback);

/** `security:` of site.yml: the response headers and request limits of the server that `npm run serve` runs. */
export const securitySchema = z
  .strictObject({
    /**
     * Sources added to the built-in Content-Security-Policy, by directive (for example an
     * analytics script's origin under `script-src`), or `false` to send no policy at all.
     */
    contentSecurityPolicy: z
      .union([z.literal(false), z.partialRecord(z.enum(EXTENSIBLE_CSP_DIRECTIVES), z.array(cspSource))])
      .default({}),
    /** Largest request bodies the server reads, in bytes; a larger one is refused with 413 before it is read. */
    bodyLimits: z
      .strictObject({
        /** Posts to `{base}api/auth/*` (sign-in, sign-out). */
        signIn: bytes(64 * 1024),
        /** Every other request with a body (`{base}mcp`, the account page, admin calls). */
        requests: bytes(1024 * 1024),
      })
      .prefault({}),
  })
  .prefault({});
