/**
 * The fixed ids of the frame around a page's content (src/layouts/DocsShell.astro, Base.astro and
 * the components they render): no heading may take one (src/markdown/heading-ids.ts for Markdown
 * pages, src/reference/overview.ts for an API description's headings).
 * tests/unit/markdown/heading-ids.test.ts fails when a frame file has an id not listed.
 */
export const FRAME_IDS = ['content', 'sidebar', 'search-input', 'search-status', 'toc-title', 'feedback-comment', 'caravan-docs-analytics'] as const;
