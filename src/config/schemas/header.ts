import { z } from 'zod';

/** A link of the header or footer. */
const siteLinkSchema = z.strictObject({
  label: z.string().trim().min(1).describe("The link's text."),
  url: z
    .string()
    .regex(/^(?:https?:\/\/\S+|\/\S*)$/, { error: 'must be an http(s) URL or a path of this site starting with "/"' })
    .describe('An absolute http(s) URL, or a path of this site starting with "/".'),
});

/** `header:` of site.yml. */
export const headerSchema = z
  .strictObject({
    links: z
      .array(siteLinkSchema)
      .max(6, { error: 'holds more than 6 links; the header has room for a few' })
      .default([])
      .describe("Links shown in the header, beside search (for example the product's GitHub or status page); at most 6."),
  })
  .prefault({})
  .describe('Links in the header, the bar at the top of every page.');

/** `footer:` of site.yml. */
export const footerSchema = z
  .strictObject({
    text: z.string().optional().describe('A line of plain text (a copyright, a company name).'),
    links: z.array(siteLinkSchema).default([]).describe('Links shown in the footer.'),
  })
  .prefault({})
  .describe('Text and links at the end of every page; without it the default footer shows nothing.');
