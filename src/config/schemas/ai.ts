import { z } from 'zod';

/** `yes` or `no`; YAML booleans are accepted and read as yes/no. */
const signal = z
  .union([z.enum(['yes', 'no']), z.boolean()])
  .default('yes')
  .transform((value): 'yes' | 'no' => (value === true ? 'yes' : value === false ? 'no' : value));

export const DEFAULT_LLMS_DIRECTIVE =
  'This index lists every public page of this documentation. Each link points to the page as clean Markdown (the same URL with `.md`); fetch those rather than scraping the HTML. Pages are grouped as in the site navigation; the Versions section links to the index of each documentation version.';

/** The `ai:` block of site.yml. */
export const aiSchema = z
  .strictObject({
    llmsTxt: z
      .strictObject({
        enabled: z.boolean().default(true).describe('Build the llms.txt indexes.'),
        directive: z.string().min(1).default(DEFAULT_LLMS_DIRECTIVE).describe('Text telling agents how to use the index; a sensible default is provided.'),
      })
      .prefault({})
      .describe('`/llms.txt` and `/{version}/llms.txt`.'),
    robotsTxt: z
      .strictObject({
        enabled: z.boolean().default(true).describe('When false, robots.txt is a bare `Disallow: /` with no sitemap reference.'),
        contentSignal: z
          .strictObject({
            search: signal.describe('`search=`: may the pages be used to build a search index and show links and excerpts (not AI summaries). `yes` or `no`; YAML true/false read as yes/no.'),
            aiInput: signal.describe('`ai-input=`: may the pages be given to an AI model to produce a live answer (retrieval, grounding). `yes` or `no`; YAML true/false read as yes/no.'),
            aiTrain: signal.describe('`ai-train=`: may the pages be used to train or fine-tune AI models. `yes` or `no`; YAML true/false read as yes/no.'),
          })
          .prefault({})
          .describe('Values of the `Content-Signal` line of every group.'),
      })
      .prefault({})
      .describe('`/robots.txt`.'),
    sitemap: z
      .strictObject({
        enabled: z.boolean().default(true).describe('When false, the sitemap is served as an empty urlset.'),
        includeVersions: z.enum(['stable', 'all']).default('stable').describe('`stable` lists stable versions only; `all` adds unstable and beta versions.'),
      })
      .prefault({})
      .describe('`/sitemap.xml`.'),
  })
  .prefault({})
  .describe('Discovery files for crawlers and AI agents: llms.txt, robots.txt and the sitemap.');
