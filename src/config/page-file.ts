import matter from 'gray-matter';
import { DocsInputError } from './errors.ts';
import { parseWithFriendlyErrors } from './friendly-errors.ts';
import { pageFrontmatterSchema, type PageFrontmatter } from './schemas/page.ts';

/** Reads and validates a page's front matter; errors name the file, the line and the field. */
export function readFrontmatter(file: string, text: string): PageFrontmatter {
  let data: Record<string, unknown>;
  try {
    data = matter(text, {}).data;
  } catch (error) {
    const mark = (error as { mark?: { line?: number } }).mark;
    throw new DocsInputError({
      file,
      // js-yaml counts from 0 inside the front matter, which starts after the opening "---".
      line: mark?.line === undefined ? undefined : mark.line + 2,
      problem: `has front matter that is not valid YAML: ${String((error as { reason?: string }).reason ?? (error as Error).message)}.`,
      hint: 'check the lines between the two "---" at the top of the file; quote titles that contain ": ".',
    });
  }
  if (!text.startsWith('---')) {
    throw new DocsInputError({
      file,
      line: 1,
      field: 'title',
      problem: 'has no front matter, so the page has no title.',
      hint: 'start the file with:\n---\ntitle: Your page title\ndescription: One sentence about the page.\n---',
    });
  }
  return parseWithFriendlyErrors(pageFrontmatterSchema, data, { file, lineOf: () => 1 });
}
