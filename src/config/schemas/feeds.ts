import { z } from 'zod';

/** `feeds.limit` when site.yml does not set it: the newest 20 entries, as Docusaurus's blog feeds keep. */
const DEFAULT_FEED_LIMIT = 20;

/** The `feeds:` block of site.yml: Atom feeds at `/feeds/changelog.xml` and `/feeds/release-notes.xml`. */
export const feedsSchema = z
  .strictObject({
    changelog: z
      .boolean()
      .default(true)
      .describe('The Atom feed of the API changelog at `/feeds/changelog.xml`: an entry per API per version that has a "Changes since" page. Built only when the site has one (two versions describing the same public API); `false` builds none.'),
    releaseNotes: z
      .strictObject({
        section: z
          .string()
          .trim()
          .min(1)
          .describe("Title of the nav.yml section (at any level, in any version) whose pages are the release notes. Each public page nested in it is an entry, dated by its front matter's `date`, else its last change; the section's own page is not."),
        title: z.string().trim().min(1).optional().describe('Title of the feed; defaults to the site title and the section title, like "Acme Docs: Release notes".'),
      })
      .optional()
      .describe('The Atom feed of the release notes at `/feeds/release-notes.xml`; none when left out.'),
    limit: z
      .number()
      .int()
      .min(1, { error: 'must be at least 1' })
      .max(1000, { error: 'must be at most 1000' })
      .default(DEFAULT_FEED_LIMIT)
      .describe('Entries per feed: the newest ones by date.'),
  })
  .prefault({})
  .describe('Atom feeds readers and tools can subscribe to, linked from every page\'s `<head>` and from llms.txt. A login-only site (`auth.enabled` and `auth.requireLogin`) has none.');
