import { z } from 'zod';

/** `yes` or `no`; YAML booleans are accepted and read as yes/no. */
const signal = z
  .union([z.enum(['yes', 'no']), z.boolean()])
  .default('yes')
  .transform((value): 'yes' | 'no' => (value === true ? 'yes' : value === false ? 'no' : value));

export const DEFAULT_LLMS_DIRECTIVE =
  'This index lists every public page of this documentation. Each link points to the page as clean Markdown (the same URL with `.md`); fetch those rather than scraping the HTML. Pages are grouped as in the site navigation; the Versions section links to the index of each documentation version.';

/** The `ai:` block of site.yml: discovery files for crawlers and AI agents. */
export const aiSchema = z
  .strictObject({
    /** `/llms.txt` and `/{version}/llms.txt`. */
    llmsTxt: z
      .strictObject({
        /** Build the llms.txt indexes. */
        enabled: z.boolean().default(true),
        /** Text telling agents how to use the index; a sensible default is provided. */
        directive: z.string().min(1).default(DEFAULT_LLMS_DIRECTIVE),
      })
      .prefault({}),
    /** `/robots.txt`. */
    robotsTxt: z
      .strictObject({
        /** When false, robots.txt is a bare `Disallow: /` with no sitemap reference. */
        enabled: z.boolean().default(true),
        /** Values of the `Content-Signal` line. */
        contentSignal: z
          .strictObject({ search: signal, aiInput: signal, aiTrain: signal })
          .prefault({}),
      })
      .prefault({}),
    /** `/sitemap.xml`. */
    sitemap: z
      .strictObject({
        /** When false, the sitemap is served as an empty urlset. */
        enabled: z.boolean().default(true),
        /** `stable` lists stable versions only; `all` adds unstable and beta versions. */
        includeVersions: z.enum(['stable', 'all']).default('stable'),
      })
      .prefault({}),
  })
  .prefault({});

