import { z } from 'zod';

/** `hosting` in site.yml. */
export const hostingSchema = z
  .enum(['auto', 'netlify', 'cloudflare', 'vercel', 'none'])
  .default('auto')
  .describe(
    "Which static host's rules file the build writes (Link headers to each page's Markdown source and to llms.txt; on Vercel, Markdown for `Accept: text/markdown`). `auto` picks Netlify or Cloudflare Pages when the build runs on them; `none` writes nothing.",
  );

export type Hosting = z.output<typeof hostingSchema>;
