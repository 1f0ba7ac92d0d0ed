import { z } from 'zod';

/** Front matter of a documentation page. Other keys are allowed and ignored by the generator. */
export const pageFrontmatterSchema = z.looseObject({
  /** Page title: H1, sidebar label, `<title>`, llms.txt link text. */
  title: z.string().trim().min(1),
  /** One-sentence summary: meta description, llms.txt link description. */
  description: z.string().optional(),
});

export type PageFrontmatter = z.output<typeof pageFrontmatterSchema>;
