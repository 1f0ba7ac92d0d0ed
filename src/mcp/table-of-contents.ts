/** `list_pages`: a version's nav tree as a nested Markdown list, then its API reference, then the versions. Pure. */
import type { NavNode } from '../model/types.ts';
import type { AgentVersion, AgentView } from './view.ts';

/** The version's nav as a nested Markdown list, then its API reference, then the other versions. */
export function tableOfContents(view: AgentView, target: AgentVersion, locale?: string): string {
  // A locale other than the default: its tree (translated titles) and its translated pages; the reference is not translated.
  const bySlug = locale === undefined ? target.bySlug : (view.locales.get(locale)?.get(target.version.id) ?? new Map());
  const nav = locale === undefined ? target.nav : (view.localeNavs.get(locale)?.get(target.version.id) ?? []);
  const readable = new Set(bySlug.keys());
  const lines = [`# ${view.corpus.config.title}, version ${target.version.label}${locale === undefined ? '' : ` (${locale})`}`, ''];
  const link = (slug: string, title: string) => {
    const doc = bySlug.get(slug);
    return doc ? `[${title}](${doc.url}) (slug \`${slug}\`)` : locale === undefined ? title : `${title} (not translated)`;
  };
  const visit = (nodes: readonly NavNode[], depth: number) => {
    for (const node of nodes) {
      const indent = '  '.repeat(depth);
      if (node.kind === 'page') lines.push(`${indent}- ${link(node.slug, node.title)}`);
      else {
        lines.push(`${indent}- ${node.page && readable.has(node.page.slug) ? link(node.page.slug, node.title) : node.title}`);
        visit(node.children, depth + 1);
      }
    }
  };
  visit(nav, 0);
  const reference = target.docs.filter((doc) => doc.kind !== 'page');
  if (locale !== undefined && reference.length > 0) lines.push('', 'The API reference is not translated: list_pages without `locale` lists it.');
  else if (reference.length > 0) {
    lines.push('', '## API reference', '');
    // With several APIs, each one's overview names the id that read_operation and call_sandbox take as `api`.
    const title = (doc: (typeof reference)[number]) => (doc.kind === 'operation' ? `${doc.title} (${doc.operation!.method.toUpperCase()} ${doc.operation!.path})` : doc.kind === 'reference' && doc.api ? `${doc.title} (API \`${doc.api}\`)` : doc.title);
    for (const doc of reference) lines.push(`- ${link(doc.slug, title(doc))}`);
  }
  lines.push('', `Versions: ${view.versions.map((entry) => `${entry.version.id}${entry.version.id === view.defaultVersionId ? ' (default)' : ''}${entry.version.stable ? '' : ' (pre-release)'}`).join(', ')}`);
  return `${lines.join('\n')}\n`;
}
