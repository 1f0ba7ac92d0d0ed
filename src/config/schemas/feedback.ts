import { z } from 'zod';

/** `feedback:` of site.yml. */
export const feedbackSchema = z
  .strictObject({
    enabled: z.boolean().default(true).describe('Show "Was this page helpful?" under documentation and reference pages (when the answers go somewhere: an analytics provider or `endpoint`).'),
    endpoint: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional().describe("A collector of the team's own: each answer is POSTed there as JSON (`{ page, version, locale, helpful, comment }`); it must answer CORS for the site's origin."),
  })
  .prefault({})
  .describe('The feedback control under each page.');
