import { DocsInputError } from './errors.ts';
import { formatPath, parseWithFriendlyErrors, type Source } from './friendly-errors.ts';
import { navPageSchema, navSectionSchema, type NavEntryInput } from './schemas/nav.ts';

/** Validates the parsed YAML of a nav.yml: a list of page entries, sections and groups. */
export function parseNav(data: unknown, source: Source): NavEntryInput[] {
  if (!Array.isArray(data)) {
    throw new DocsInputError({
      file: source.file,
      line: source.lineOf([]),
      problem: data == null ? 'is empty.' : 'must be a list of entries.',
      hint: 'start each entry with "- ", for example "- slug: overview".',
    });
  }
  return data.map((entry, index) => parseEntry(entry, [index], source));
}

function parseEntry(raw: unknown, path: number[] | PropertyKey[], source: Source): NavEntryInput {
  const isSection = raw !== null && typeof raw === 'object' && ('children' in raw || 'title' in raw || 'dropdown' in raw);
  if (isSection && !('children' in raw) && 'slug' in raw) {
    throw new DocsInputError({
      file: source.file,
      line: source.lineOf([...path, 'title' in raw ? 'title' : 'dropdown']),
      field: formatPath([...path, 'title' in raw ? 'title' : 'dropdown']),
      problem: 'is not a key of a page entry (a page takes its title from its front matter).',
      hint: 'remove it, or add `children:` to make this entry a section or group.',
    });
  }
  if (!isSection) {
    return { kind: 'page', ...parseWithFriendlyErrors(navPageSchema, raw, source, path) };
  }
  const section = parseWithFriendlyErrors(navSectionSchema, raw, source, path);
  const children = section.children.map((child, index) => parseEntry(child, [...path, 'children', index], source));
  return { kind: 'section', ...section, children };
}
