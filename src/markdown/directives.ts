/**
 * Directives in docs pages (`.md` and `.mdx`): satteri parses `:::name[label]{attrs}` blocks
 * (the syntax of remark-directive, same mdast nodes); this plugin checks them and marks each as
 * a `<div data-directive="…">` for the components plugin (components.ts) to build.
 *
 * A mistake (an unknown name, a tab outside tabs, steps without an ordered list, an unknown
 * attribute) stops the build with the file, the line and the fix, "did you mean" included.
 */
import { defineMdastPlugin, type MdastNode, type MdastVisitorContext } from 'satteri';
import { DocsInputError } from '../config/errors.ts';
import { CALLOUT_ALIASES, CALLOUT_KINDS, calloutKind } from './callouts.ts';
import { closest } from '../config/suggest.ts';

type Directive = Extract<MdastNode, { type: 'containerDirective' }>;
type Child = Directive['children'][number];

/** Directive names other than callouts, with the attributes each accepts. */
const BLOCKS = { tabs: ['sync'], tab: [], steps: [], 'file-tree': [], cards: [] } as const satisfies Record<string, readonly string[]>;
type Block = keyof typeof BLOCKS;

const DIRECTIVE_NAMES: readonly string[] = [...Object.keys(CALLOUT_KINDS), ...Object.keys(CALLOUT_ALIASES), ...Object.keys(BLOCKS)];

export interface DirectivesOptions {
  /** File names in errors are relative to this folder (the docs root). */
  root?: string;
}

export function directivesPlugin(options: DirectivesOptions = {}) {
  return defineMdastPlugin({
    name: 'caravan-docs-directives',
    options: { position: true },
    containerDirective(node, ctx) {
      const fail = (line: number | undefined, problem: string, hint: string): never => {
        throw new DocsInputError({ file: fileName(ctx, options.root), line, problem, hint });
      };
      const line = node.position?.start.line;
      const kind = calloutKind(node.name);
      const block = node.name in BLOCKS ? (node.name as Block) : undefined;
      if (!kind && !block) {
        const guess = closest(node.name, DIRECTIVE_NAMES);
        fail(line, `unknown directive \`:::${node.name}\`.`, `${guess ? `did you mean \`:::${guess}\`? ` : ''}Known directives: ${DIRECTIVE_NAMES.map((name) => `:::${name}`).join(', ')}.`);
      }
      const allowed: readonly string[] = block ? BLOCKS[block] : [];
      for (const attribute of Object.keys(node.attributes ?? {})) {
        if (!allowed.includes(attribute)) {
          fail(line, `\`:::${node.name}\` has no attribute \`${attribute}\`.`, allowed.length > 0 ? `use ${allowed.map((name) => `\`${name}\``).join(', ')}, e.g. \`::::tabs{sync=lang}\`.` : `remove \`{${attribute}…}\`.`);
        }
      }
      const parent = ctx.parent(node);
      const inTabs = parent?.type === 'containerDirective' && parent.name === 'tabs';
      if (block === 'tab' && !inTabs) fail(line, '`:::tab` outside `::::tabs`.', 'put the tabs in a `::::tabs` block (with one more colon than each `:::tab`).');
      const label = labelOf(node);
      const content = node.children.filter((child) => child !== label);
      if (block === 'tab' && (!label || ctx.textContent(label).trim() === '')) fail(line, '`:::tab` without a label.', 'name the tab in brackets: `:::tab[curl]`.');
      if (block === 'tabs') {
        const stray = content.find((child) => child.type !== 'containerDirective' || child.name !== 'tab');
        if (stray || content.length === 0) fail(stray?.position?.start.line ?? line, '`::::tabs` may hold only `:::tab[Label]` blocks.', 'put every part inside a `:::tab[Label]` … `:::` block, and give `::::tabs` one more colon than its tabs.');
      }
      if (block === 'steps' && !onlyList(content, true)) fail(line, '`:::steps` must hold one numbered list.', 'write the steps as `1. …`, `2. …` between `:::steps` and `:::`.');
      if (block === 'file-tree' && !onlyList(content, false)) fail(line, '`:::file-tree` must hold one bulleted list.', 'write one `- name` item per file, folders ending in `/` with their content indented below.');
      if (block === 'cards') checkCards(content, line, fail);
      if (label && !kind && block !== 'tab') fail(line, `\`:::${node.name}\` takes no [label].`, `remove \`[${ctx.textContent(label)}]\`.`);

      const properties: Record<string, string> = { dataDirective: kind ?? block! };
      const sync = node.attributes?.['sync'];
      if (block === 'tabs' && sync) properties['dataSync'] = sync;
      ctx.setProperty(node, 'data', { hName: 'div', hProperties: properties });
      if (label) ctx.setProperty(label, 'data', { directiveLabel: true, hProperties: { dataDirectiveLabel: '' } });
    },
  });
}

function labelOf(node: Directive): Child | undefined {
  const first = node.children[0];
  return first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel ? first : undefined;
}

function onlyList(content: readonly Child[], ordered: boolean): boolean {
  return content.length === 1 && content[0]!.type === 'list' && Boolean(content[0]!.ordered) === ordered;
}

function checkCards(content: readonly Child[], line: number | undefined, fail: (line: number | undefined, problem: string, hint: string) => never): void {
  const list = content[0];
  if (content.length !== 1 || list?.type !== 'list') fail(line, '`:::cards` must hold one bulleted list of links.', 'write one `- [Title](link): what the reader finds there` item per card.');
  for (const item of list.children) {
    const first = item.children[0];
    const link = first?.type === 'paragraph' ? first.children[0] : undefined;
    if (link?.type !== 'link') fail(item.position?.start.line ?? line, 'a card must start with a link.', 'start the item with `[Title](link)`, then the text.');
  }
}

function fileName(ctx: MdastVisitorContext, root: string | undefined): string {
  if (!ctx.fileURL) return 'the page';
  const path = decodeURIComponent(ctx.fileURL.pathname);
  return root && path.startsWith(`${root.replace(/\/$/, '')}/`) ? path.slice(root.replace(/\/$/, '').length + 1) : path;
}
