import { z } from 'zod';

/** A link of the header or footer: its text and where it goes (an https URL or a path of the site). */
export const siteLinkSchema = z.strictObject({
  /** The link's text. */
  label: z.string().trim().min(1),
  /** An absolute http(s) URL, or a path of this site starting with "/". */
  url: z.string().regex(/^(?:https?:\/\/\S+|\/\S*)$/, { error: 'must be an http(s) URL or a path of this site starting with "/"' }),
});

/** `header:` of site.yml. */
export const headerSchema = z
  .strictObject({
    /** Links shown in the header, beside search (for example the product's GitHub or status page). */
    links: z.array(siteLinkSchema).max(6, { error: 'holds more than 6 links; the header has room for a few' }).default([]),
  })
  .prefault({});

/** `footer:` of site.yml; without it the default footer shows nothing. */
export const footerSchema = z
  .strictObject({
    /** A line of plain text (a copyright, a company name). */
    text: z.string().optional(),
    /** Links shown in the footer. */
    links: z.array(siteLinkSchema).default([]),
  })
  .prefault({});
