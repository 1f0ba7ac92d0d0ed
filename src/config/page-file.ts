import matter from 'gray-matter';
import { DocsInputError } from './errors.ts';
import { parseWithFriendlyErrors } from './friendly-errors.ts';
import { parseYamlFile } from './yaml-file.ts';
import { pageFrontmatterSchema, type PageFrontmatter } from './schemas/page.ts';

/** Reads and validates a page's front matter; errors name the file, the line and the field. */
export function readFrontmatter(file: string, text: string): PageFrontmatter {
  let data: Record<string, unknown>;
  try {
    data = matter(text, {}).data;
  } catch (error) {
    const at = frontmatterMistake(file, text);
    throw new DocsInputError({
      file,
      line: at?.line,
      column: at?.column,
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
  return parseWithFriendlyErrors(pageFrontmatterSchema, datesAsText(data), { file, lineOf: () => 1 });
}

/** The front matter's YAML reads an unquoted `2026-11-20` as a Date: each becomes its ISO 8601 text, what the schema takes. */
function datesAsText(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : value]));
}

/**
 * Where the front matter's YAML mistake is, found by the same parser (and the same rules for
 * unclosed quotes and brackets) as the config files: js-yaml, which gray-matter uses, reports an
 * unclosed quote at the end of the block.
 */
function frontmatterMistake(file: string, text: string): { line: number | undefined; column: number | undefined } | undefined {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  if (block === undefined) return undefined;
  try {
    parseYamlFile(file, block);
  } catch (error) {
    // The block starts on the line after the opening "---".
    if (error instanceof DocsInputError && error.line !== undefined) return { line: error.line + 1, column: error.column };
  }
  return undefined;
}
