import { z } from 'zod';

/** `editLink:` of site.yml. */
export const editLinkSchema = z
  .strictObject({
    baseUrl: z
      .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
      .refine((url) => url.endsWith('/'), { error: 'must end with "/"', params: { hint: 'end it with "/": the page\'s file (like content/1.0/overview.md) is appended to it.' } })
      .describe('Where the site folder is edited, ending in "/": each page links to it followed by its source file, like `https://github.com/acme/docs/edit/main/` + `content/1.0/overview.md`.'),
  })
  .optional()
  .describe('An "Edit this page" link on every page with a source file (a page may turn it off with `editLink: false` in its front matter).');

/** `lastUpdated:` of site.yml. */
export const lastUpdatedSchema = z
  .boolean()
  .default(true)
  .describe('Show when each page last changed: its front matter\'s `lastUpdated`, else the last git commit of its file, else the file\'s time. Also each page\'s `lastmod` in sitemap.xml and a line of its Markdown source.');
