import { z } from 'zod';
import { aiSchema } from './ai.ts';
import { analyticsSchema, privacySchema } from './analytics.ts';
import { authSchema } from './auth.ts';
import { buildSchema } from './build.ts';
import { componentsSchema } from './components.ts';
import { feedbackSchema } from './feedback.ts';
import { feedsSchema } from './feeds.ts';
import { footerSchema, headerSchema } from './header.ts';
import { hostingSchema } from './hosting.ts';
import { i18nSchema } from './i18n.ts';
import { linksSchema } from './links.ts';
import { editLinkSchema, lastUpdatedSchema } from './page-source.ts';
import { securitySchema } from './security.ts';
import { themeSchema } from './theme.ts';

const absoluteUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

/** `config/site.yml`. */
export const siteSchema = z.strictObject({
  title: z.string().min(1).describe('Site title: header, `<title>`, llms.txt H1.'),
  description: z.string().default('').describe('One-sentence summary: meta description, llms.txt blockquote.'),
  url: absoluteUrl
    .refine((url) => new URL(url).pathname === '/' && !new URL(url).search, {
      error: 'must be an origin only (like https://docs.example.com)',
      params: { hint: 'move the path part into `base` (for example `base: /docs`).' },
    })
    .transform((url) => new URL(url).origin)
    .describe('Absolute origin of the deployed site (like https://docs.example.com, no path), used for every URL in discovery files.'),
  base: z
    .string()
    .regex(/^\/[^\s?#]*$/, { error: 'must be a path starting with "/"' })
    .default('/')
    .transform((base) => (base.endsWith('/') ? base : `${base}/`))
    .describe('Path prefix the site is served under; normalised to start and end with "/".'),
  api: z
    .strictObject({
      baseUrl: absoluteUrl.optional().describe("Replaces the description's first top-level server (samples, consoles, sandbox)."),
      partnersBaseUrl: absoluteUrl.optional().meta({
        deprecated: true,
        description: 'Deprecated: replaces the servers operations declare for themselves; name them under `api.servers` instead (the build prints the lines to write).',
      }),
      servers: z.record(z.string().min(1), absoluteUrl).default({}).describe('A server URL exactly as the description writes it -> the URL to use instead.'),
      sendToRealApi: z.boolean().default(false).describe("Consoles may also send to the description's real servers, with the reader's own credential."),
    })
    .prefault({})
    .describe("The site's say over where the documented API's calls go. Every key is optional: without them, base URLs come from each version's OpenAPI description (`servers`)."),
  apis: z
    .array(
      z.strictObject({
        id: z
          .string()
          .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: 'must be the name of a folder under content/<version>/apis/: lower-case letters, digits and inner hyphens' })
          .describe('The API: the name of its folder under content/<version>/apis/ (lower-case letters, digits and inner hyphens).'),
        title: z.string().min(1).optional().describe("Replaces the description's `info.title`."),
        roles: z.array(z.string().min(1)).default([]).describe('Roles that may read the whole API; `[]` is public. A static site leaves a gated API out entirely.'),
      }),
    )
    .default([])
    .describe(
      'Order and titles of the APIs of versions that hold several (`content/<version>/apis/<id>/`): listed ids first, in this order, then the others by id. An id may be listed whether or not every version has it.',
    ),
  ai: aiSchema,
  auth: authSchema,
  build: buildSchema,
  hosting: hostingSchema,
  i18n: i18nSchema,
  links: linksSchema,
  security: securitySchema,
  theme: themeSchema,
  header: headerSchema,
  footer: footerSchema,
  components: componentsSchema,
  analytics: analyticsSchema,
  privacy: privacySchema,
  feedback: feedbackSchema,
  editLink: editLinkSchema,
  lastUpdated: lastUpdatedSchema,
  feeds: feedsSchema,
});

export type SiteConfig = z.output<typeof siteSchema>;
