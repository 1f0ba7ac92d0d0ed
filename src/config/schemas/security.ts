import { z } from 'zod';

/** CSP directives of the built-in policy a site may add sources to (src/server/front/security-headers.ts). */
const EXTENSIBLE_CSP_DIRECTIVES = ['script-src', 'form-action', 'frame-ancestors'] as const;

/** A CSP source expression: a scheme, host or origin (`https://plausible.io`), a quoted keyword or a hash. */
const cspSource = z.string().regex(/^(?:'[A-Za-z0-9+/=_-]+'|[A-Za-z][A-Za-z0-9+.-]*:(?:\/\/[^\s;,']+)?|\*?[A-Za-z0-9.-]+(?::\d+)?(?:\/[^\s;,']*)?)$/, {
  error: "must be one CSP source: an origin (https://cdn.example.com), a scheme (https:), a host, or a quoted keyword or hash ('sha256-…')",
});

const bytes = (fallback: number) => z.number().int().min(1024, { error: 'must be at least 1024 bytes' }).max(64 * 1024 * 1024, { error: 'must be at most 67108864 bytes (64 MiB)' }).default(fallback);

/** A sign-in throttle window. */
const throttleRule = z
  .strictObject({
    failures: z.number().int().min(1, { error: 'must be at least 1' }).max(100_000, { error: 'must be at most 100000' }).describe('Failed sign-ins allowed in the window.'),
    minutes: z.number().positive({ error: 'must be more than 0' }).max(7 * 24 * 60, { error: 'must be at most 10080 (a week)' }).describe('Length of the window, in minutes.'),
  })
  .describe('At most `failures` failed sign-ins in `minutes`.');

/** `security:` of site.yml. */
export const securitySchema = z
  .strictObject({
    contentSecurityPolicy: z
      .union([z.literal(false), z.partialRecord(z.enum(EXTENSIBLE_CSP_DIRECTIVES), z.array(cspSource))])
      .default({})
      .describe(
        "Sources added to the built-in Content-Security-Policy, by directive (for example an analytics script's origin under `script-src`), or `false` to send no policy at all. Each source is an origin (https://cdn.example.com), a scheme (https:), a host, or a quoted keyword or hash ('sha256-…').",
      ),
    bodyLimits: z
      .strictObject({
        signIn: bytes(64 * 1024).describe('Posts to `{base}api/auth/*` (sign-in, sign-out), in bytes.'),
        requests: bytes(1024 * 1024).describe('Every other request with a body (`{base}mcp`, the account page, admin calls), in bytes.'),
      })
      .prefault({})
      .describe('Largest request bodies the server reads, in bytes (1024 to 67108864); a larger one is refused with 413 before it is read.'),
    signInLimits: z
      .strictObject({
        perUserAndAddress: z
          .array(throttleRule)
          .min(1, { error: 'needs at least one { failures, minutes } rule' })
          .max(4, { error: 'takes at most 4 rules' })
          .default([
            { failures: 5, minutes: 1 },
            { failures: 20, minutes: 60 },
          ])
          .describe('Per username and client address: one to four windows, each with its own count.'),
        perAddress: throttleRule.default({ failures: 20, minutes: 15 }).describe('Per client address, whatever the usernames.'),
        perUser: throttleRule.default({ failures: 100, minutes: 60 }).describe('Per username over every address; it only holds back addresses that have failures themselves and that the username has not signed in from in the last 30 days.'),
      })
      .prefault({})
      .describe(
        'Failed sign-ins allowed before attempts wait (429 with Retry-After), by window. The pair and address limits slow a guesser down; the per-user ceiling never stops a reader from an address without failures (src/auth/sign-in-gate.ts).',
      ),
  })
  .prefault({})
  .describe('Response headers and request limits of the server that `caravan-docs serve` runs.');
