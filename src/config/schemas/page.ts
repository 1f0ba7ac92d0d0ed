import { z } from 'zod';

/** A day (midnight UTC) or an instant with its offset, as ISO 8601 in UTC. */
// Whole seconds, as git's dates are: one form in `<time datetime>` and the sitemap's `lastmod`.
const seconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const day = z.iso.date().transform((date) => seconds(new Date(`${date}T00:00:00Z`)));
const instant = z.iso.datetime({ offset: true }).transform((date) => seconds(new Date(date)));

/** Front matter of a documentation page. */
export const pageFrontmatterSchema = z
  .looseObject({
    title: z.string().trim().min(1).describe('Page title: H1, sidebar label, `<title>`, llms.txt link text.'),
    description: z.string().optional().describe('One-sentence summary: meta description, llms.txt link description.'),
    lastUpdated: z
      .union([z.literal(false), day, instant], { error: 'must be a date (2026-11-20), a date and time (2026-11-20T09:30:00Z) or false' })
      .optional()
      .describe('When the page last changed, shown under it and in the sitemap: replaces the date from git (or the file); `false` shows none.'),
    date: z
      .union([day, instant], { error: 'must be a date (2026-11-20) or a date and time (2026-11-20T09:30:00Z)' })
      .optional()
      .describe("When the page was published, for a release note (`feeds.releaseNotes` in site.yml): its entry's date in the release-notes feed, which later edits do not move. Without it, the entry takes the page's last change."),
    editLink: z.boolean().optional().describe('`false` leaves the "Edit this page" link (`editLink:` in site.yml) off this page.'),
  })
  .describe('Front matter of a documentation page. Other keys are allowed and ignored by the generator.');

export type PageFrontmatter = z.output<typeof pageFrontmatterSchema>;
