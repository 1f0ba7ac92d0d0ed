import { DocsInputError } from './errors.ts';
import { formatPath, parseWithFriendlyErrors, type Source } from './friendly-errors.ts';
import { navPageSchema, navSectionSchema, navTopicSchema, type NavEntryInput } from './schemas/nav.ts';

const isTopic = (raw: unknown): boolean => raw !== null && typeof raw === 'object' && 'topic' in raw;

/**
 * Validates the parsed YAML of a nav.yml: a list of page entries, sections and groups, or of
 * topics (tabs, each holding such entries, one of them possibly the API reference).
 */
export function parseNav(data: unknown, source: Source): NavEntryInput[] {
  if (!Array.isArray(data)) {
    throw new DocsInputError({
      file: source.file,
      line: source.lineOf([]),
      problem: data == null ? 'is empty.' : 'must be a list of entries.',
      hint: 'start each entry with "- ", for example "- slug: overview".',
    });
  }
  const topics = data.filter(isTopic).length;
  if (topics > 0) {
    const stray = data.findIndex((entry) => !isTopic(entry));
    if (stray >= 0) {
      throw new DocsInputError({
        file: source.file,
        line: source.lineOf([stray]),
        column: source.columnOf?.([stray]),
        field: `[${stray}]`,
        problem: 'is not a topic, but other top-level entries are: a version\'s entries are all in topics, or none is.',
        hint: 'move this entry into the `children` of a topic (`- topic: Guides` with `children:`), or remove `topic:` from the others.',
      });
    }
    const references = data.flatMap((entry, index) => ((entry as { reference?: unknown }).reference === true ? [index] : []));
    if (references.length > 1) {
      throw new DocsInputError({ file: source.file, line: source.lineOf([references[1]!, 'reference']), column: source.columnOf?.([references[1]!, 'reference']), field: `[${references[1]}].reference`, problem: 'is the second topic holding the API reference.', hint: 'keep `reference: true` on one topic.' });
    }
  }
  return data.map((entry, index) => (isTopic(entry) ? parseTopic(entry, [index], source) : parseEntry(entry, [index], source)));
}

function parseTopic(raw: unknown, path: PropertyKey[], source: Source): NavEntryInput {
  const topic = parseWithFriendlyErrors(navTopicSchema, raw, source, path);
  const children = (topic.children ?? []).map((child, index) => parseEntry(child, [...path, 'children', index], source));
  return { kind: 'topic', ...topic, children };
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
