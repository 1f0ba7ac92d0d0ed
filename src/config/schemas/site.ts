import { z } from 'zod';
import { aiSchema } from './ai.ts';
import { authSchema } from './auth.ts';
import { buildSchema } from './build.ts';
import { componentsSchema } from './components.ts';
import { footerSchema, headerSchema } from './header.ts';
import { hostingSchema } from './hosting.ts';
import { i18nSchema } from './i18n.ts';
import { linksSchema } from './links.ts';
import { securitySchema } from './security.ts';
import { themeSchema } from './theme.ts';

const absoluteUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

/** `config/site.yml`. */
export const siteSchema = z.strictObject({
  /** Site title: header, `<title>`, llms.txt H1. */
  title: z.string().min(1),
  /** One-sentence summary: meta description, llms.txt blockquote. */
  description: z.string().default(''),
  /** Absolute origin of the deployed site, used for every URL in discovery files. */
  url: absoluteUrl
    .refine((url) => new URL(url).pathname === '/' && !new URL(url).search, {
      error: 'must be an origin only (like https://docs.example.com)',
      params: { hint: 'move the path part into `base` (for example `base: /docs`).' },
    })
    .transform((url) => new URL(url).origin),
  /** Path prefix the site is served under; normalised to start and end with "/". */
  base: z
    .string()
    .regex(/^\/[^\s?#]*$/, { error: 'must be a path starting with "/"' })
    .default('/')
    .transform((base) => (base.endsWith('/') ? base : `${base}/`)),
  /**
   * The site's say over where the documented API's calls go. Every key is optional: without
   * them, base URLs come from each version's OpenAPI description (`servers`).
   */
  api: z
    .strictObject({
      /** Replaces the description's first top-level server (samples, consoles, sandbox). */
      baseUrl: absoluteUrl.optional(),
      /** Deprecated: replaces the servers operations declare for themselves; name them under `servers` instead (the build prints the lines). */
      partnersBaseUrl: absoluteUrl.optional(),
      /** A server URL exactly as the description writes it -> the URL to use instead. */
      servers: z.record(z.string().min(1), absoluteUrl).default({}),
      /** Consoles may also send to the description's real servers, with the reader's own credential. */
      sendToRealApi: z.boolean().default(false),
    })
    .prefault({}),
  /**
   * Order and titles of the APIs of versions that hold several (`content/<version>/apis/<id>/`):
   * listed ids first, in this order, then the others by id; `title` replaces the description's
   * `info.title`; `roles` gates the whole API (a static site leaves it out entirely). An id may be
   * listed whether or not every version has it.
   */
  apis: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: 'must be the name of a folder under content/<version>/apis/: lower-case letters, digits and inner hyphens' }),
        title: z.string().min(1).optional(),
        roles: z.array(z.string().min(1)).default([]),
      }),
    )
    .default([]),
  ai: aiSchema,
  auth: authSchema,
  build: buildSchema,
  /** Static host whose rules file the build writes (`auto`, `netlify`, `cloudflare`, `vercel`, `none`). */
  hosting: hostingSchema,
  /** Languages: the default locale (interface strings, `<html lang dir>`), the site's locales and its own interface texts. */
  i18n: i18nSchema,
  links: linksSchema,
  /** Response headers and request limits of the server (`npm run serve`). */
  security: securitySchema,
  /** Colours, logo, favicon and extra CSS. */
  theme: themeSchema,
  /** Links in the header. */
  header: headerSchema,
  /** Text and links at the end of every page. */
  footer: footerSchema,
  /** Parts of every page replaced by the site's own Astro components. */
  components: componentsSchema,
});

export type SiteConfig = z.output<typeof siteSchema>;
