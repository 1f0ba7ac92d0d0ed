/**
 * What a page's front matter and the site's `editLink` say about its source: the date the writer
 * set (or none), and where the page is edited. Pure; the date from git or the file comes later
 * (page-dates.ts).
 */
import type { PageFrontmatter } from '../config/schemas/page.ts';
import type { SiteConfig } from '../config/schemas/site.ts';
import type { Page } from './types.ts';

export function pageMeta(frontmatter: PageFrontmatter, file: string, editLink: SiteConfig['editLink']): Pick<Page, 'lastUpdated' | 'editUrl'> {
  const editUrl = editLink && frontmatter.editLink !== false ? `${editLink.baseUrl}${file}` : undefined;
  return { ...(frontmatter.lastUpdated !== undefined ? { lastUpdated: frontmatter.lastUpdated } : {}), ...(editUrl ? { editUrl } : {}) };
}
