import { z } from 'zod';

/** Front matter of a documentation page. */
export const pageFrontmatterSchema = z
  .looseObject({
    title: z.string().trim().min(1).describe('Page title: H1, sidebar label, `<title>`, llms.txt link text.'),
    description: z.string().optional().describe('One-sentence summary: meta description, llms.txt link description.'),
  })
  .describe('Front matter of a documentation page. Other keys are allowed and ignored by the generator.');

export type PageFrontmatter = z.output<typeof pageFrontmatterSchema>;
