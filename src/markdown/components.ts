/**
 * Builds the components that directives.ts marked (`<div data-directive="…">`) and turns GitHub
 * alerts into callouts: the HTML of callouts, tabs, steps, file trees, cards and titled code
 * blocks. None needs
 * JavaScript except tabs, whose script (src/client/tabs.ts) only switches panels: without it
 * every panel shows, each under its label.
 */
import { defineHastPlugin, type HastNode } from 'satteri';
import { alertToCallout, CALLOUT_KINDS, calloutElement, calloutKind, type CalloutKind } from './callouts.ts';

type Element = Extract<HastNode, { type: 'element' }>;
type ElementContent = Element['children'][number];

const element = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({ type: 'element', tagName, properties, children });
const text = (value: string): ElementContent => ({ type: 'text', value });
const isElement = (node: ElementContent | undefined, tagName?: string): node is Element => node?.type === 'element' && (tagName === undefined || node.tagName === tagName);
const elementsOf = (nodes: readonly ElementContent[]): Element[] => nodes.filter((node): node is Element => isElement(node));
const directiveOf = (node: Element): string | undefined => (typeof node.properties?.['dataDirective'] === 'string' ? node.properties['dataDirective'] : undefined);
const isLabel = (node: ElementContent): boolean => isElement(node) && node.properties?.['dataDirectiveLabel'] !== undefined;

/**
 * A plain copy of a node: the visitor's nodes are views into satteri's tree, and one of them
 * placed twice (a tab's label in its button and its panel) or moved would be dropped.
 */
export function plain<N extends ElementContent>(node: N): N {
  if (node.type === 'text') return { type: 'text', value: node.value } as N;
  if (node.type !== 'element') return node;
  // `data` carries a code block's meta (`title="…" {2}`), which plugins after this one may read.
  return { type: 'element', tagName: node.tagName, properties: { ...node.properties }, children: node.children.map(plain), ...(node.data ? { data: { ...node.data } } : {}), ...(node.position ? { position: node.position } : {}) } as N;
}

/** Every component in `node`'s subtree built, outermost first (so tabs still see their tabs). `nextId` names tab groups. */
function build(node: Element, nextId: () => string): Element {
  const directive = directiveOf(node);
  if (node.tagName === 'pre') return titled(node);
  const built = directive === undefined ? (node.tagName === 'blockquote' ? (alertToCallout(node) ?? node) : node) : component(directive, node, nextId);
  return { ...built, children: built.children.map((child) => (isElement(child) ? build(child, nextId) : child)) };
}

/**
 * A code block with a title (code-blocks.ts marks it `data-title`) as a figure with a caption; a
 * diagram's fence (`data-diagram`) as a diagram figure, whose source the browser draws.
 */
function titled(pre: Element): Element {
  const title = pre.properties?.['dataTitle'];
  const diagram = pre.properties?.['dataDiagram'];
  if (typeof title !== 'string' && typeof diagram !== 'string') return pre;
  const { dataTitle: _, dataDiagram: __, ...properties } = pre.properties ?? {};
  const caption = typeof title === 'string' ? [element('figcaption', {}, [text(title)])] : [];
  if (typeof diagram === 'string') return element('figure', { className: ['diagram'], dataDiagram: diagram }, [...caption, { ...pre, properties }]);
  return element('figure', { className: ['code-figure'] }, [...caption, { ...pre, properties }]);
}

function component(directive: string, node: Element, nextId: () => string): Element {
  const label = node.children.find((child) => isLabel(child));
  const body = node.children.filter((child) => child !== label && !(child.type === 'text' && child.value.trim() === ''));
  const kind = calloutKind(directive);
  if (kind) return calloutElement(kind, body, isElement(label) ? label.children : undefined);
  const list = body.find((child): child is Element => isElement(child, 'ol') || isElement(child, 'ul'));
  switch (directive) {
    case 'tabs':
      return tabs(node, elementsOf(body), nextId());
    case 'steps': {
      // `3. …` as the first step starts the count at 3.
      const start = Number(list?.properties?.['start'] ?? 1);
      return element('ol', { className: ['steps'], ...(start === 1 ? {} : { start, style: `counter-reset: step ${start - 1}` }) }, list?.children ?? []);
    }
    case 'file-tree':
      return element('div', { className: ['file-tree'] }, list ? [fileTreeList(list)] : []);
    case 'cards':
      return element('ul', { className: ['link-cards'] }, elementsOf(list?.children ?? []).map(card));
    default:
      return node;
  }
}

/**
 * Tabs: a tablist of buttons (shown only with scripting on), then one panel per tab, each
 * starting with its label (shown only with scripting off), tabs and panels linked by id. Before
 * the script runs, CSS shows the first panel only; the script handles clicks and arrow keys.
 */
function tabs(node: Element, tabNodes: Element[], id: string): Element {
  const labels = tabNodes.map((tab) => tab.children.find((child) => isLabel(child)));
  const names = labels.map((label) => (isElement(label) ? label.children : []));
  const tablist = element(
    'div',
    { className: ['tablist'], role: 'tablist' },
    names.map((name, index) => element('button', { type: 'button', role: 'tab', id: `${id}-tab-${index + 1}`, ariaControls: [`${id}-panel-${index + 1}`], ariaSelected: index === 0 ? 'true' : 'false', tabIndex: index === 0 ? 0 : -1 }, name)),
  );
  const panels = tabNodes.map((tab, index) =>
    element('div', { className: ['tab-panel'], role: 'tabpanel', id: `${id}-panel-${index + 1}`, ariaLabelledBy: [`${id}-tab-${index + 1}`] }, [
      element('p', { className: ['tab-label'] }, names[index]!),
      ...tab.children.filter((child) => child !== labels[index]),
    ]),
  );
  const sync = node.properties?.['dataSync'];
  return element('div', { className: ['tabs'], ...(typeof sync === 'string' ? { dataSync: sync } : {}) }, [tablist, ...panels]);
}

/** Folders: items with a nested list or a name ending in `/`. The first word is the name, the rest a note. */
function fileTreeList(list: Element): Element {
  return element(
    'ul',
    {},
    elementsOf(list.children).map((item) => {
      const flat = item.children.flatMap((child) => (isElement(child, 'p') ? child.children : [child]));
      const nested = flat.find((child): child is Element => isElement(child, 'ul'));
      const inline = flat.filter((child) => child !== nested);
      const [name, note] = splitName(inline);
      const folder = nested !== undefined || name.endsWith('/');
      const entry = [element('span', { className: ['file-tree-name'] }, [text(name)]), ...(note.length > 0 ? [text(' '), element('span', { className: ['file-tree-note'] }, note)] : [])];
      return element('li', { className: [folder ? 'file-tree-folder' : 'file-tree-file'] }, nested ? [...entry, fileTreeList(nested)] : entry);
    }),
  );
}

function splitName(inline: ElementContent[]): [string, ElementContent[]] {
  const [first, ...rest] = inline.filter((child) => !(child.type === 'text' && child.value.trim() === ''));
  if (first === undefined) return ['', []];
  if (first.type !== 'text') return [textOf(first), rest];
  const match = /^\s*(\S+)\s*([\s\S]*)$/.exec(first.value)!;
  return [match[1]!, [...(match[2] ? [text(match[2])] : []), ...rest]];
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  return isElement(node) ? node.children.map(textOf).join('') : '';
}

/** A link card: the item's link is its title (and covers the card), the rest its description. */
function card(item: Element): Element {
  const flat = item.children.flatMap((child) => (isElement(child, 'p') ? child.children : [child]));
  const link = flat.find((child): child is Element => isElement(child, 'a'))!;
  const rest = flat.slice(flat.indexOf(link) + 1);
  // "[Title](link): text" or "[Title](link) - text": the separator is not part of the description.
  const first = rest[0];
  if (first?.type === 'text') rest[0] = text(first.value.replace(/^\s*[:–—-]?\s*/, ''));
  const description = rest.filter((child) => !(child.type === 'text' && child.value === ''));
  return element('li', { className: ['link-card'] }, [element('p', { className: ['link-card-title'] }, [link]), ...(description.length > 0 ? [element('p', {}, description)] : [])]);
}

/**
 * What a page uses, in its render result's frontmatter (`remarkPluginFrontmatter`): pages with
 * tabs get the tabs script, and each page only the styles of the components it holds
 * (src/components/content/page-styles.ts).
 */
export type ComponentsUsed = {
  tabs?: boolean;
  steps?: boolean;
  fileTree?: boolean;
  cards?: boolean;
  callout?: boolean;
} & {
  /** Each kind of callout the page holds: its colours (callout-<kind>.css) come only with it. */
  [kind in `callout-${CalloutKind}`]?: boolean;
} & {
  /** An API console (<TryIt> in MDX). */
  console?: boolean;
  /** A code block with a title: a figure with a caption (code-blocks.ts). */
  codeTitle?: boolean;
  /** A code block with highlighted lines or a diff (code-blocks.ts). */
  codeMarks?: boolean;
  /** A diagram (a ```` ```mermaid ```` fence). */
  diagram?: boolean;
};

/** The class of each component's outer element, as built here, by callouts.ts and by the MDX components. */
const COMPONENT_CLASSES: Readonly<Record<string, keyof ComponentsUsed>> = { tabs: 'tabs', steps: 'steps', 'file-tree': 'fileTree', 'link-cards': 'cards', callout: 'callout', 'code-figure': 'codeTitle', diagram: 'diagram', ...Object.fromEntries(Object.keys(CALLOUT_KINDS).map((kind) => [`callout-${kind}`, `callout-${kind}`])) };
/** The MDX components (src/components/content/, TryIt) and what each one uses. */
const MDX_COMPONENTS: Readonly<Record<string, keyof ComponentsUsed>> = { Tabs: 'tabs', Steps: 'steps', CardGrid: 'cards', LinkCard: 'cards', Aside: 'callout', TryIt: 'console' };
export const COMPONENTS_USED_KEY = 'caravanDocsComponents';
const TABS_COUNT_KEY = 'caravanDocsTabs';

export const componentsPlugin = defineHastPlugin({
  name: 'caravan-docs-components',
  element: {
    filter: ['div', 'blockquote', 'pre'],
    visit(node, ctx) {
      // A directive is built with everything inside it, nested directives and alerts included.
      for (let parent = ctx.parent(node); parent?.type === 'element'; parent = ctx.parent(parent)) {
        if (directiveOf(parent as Element) !== undefined) return undefined;
      }
      if (node.tagName === 'blockquote') {
        const callout = alertToCallout(plain(node as Element));
        if (callout) markUsed(ctx.data, componentsIn(callout));
        return callout;
      }
      if (node.tagName === 'pre') {
        const hasTitle = node.properties?.['dataTitle'] !== undefined;
        const isDiagram = node.properties?.['dataDiagram'] !== undefined;
        markUsed(ctx.data, { ...(hasTitle && !isDiagram ? { codeTitle: true } : {}), ...(isDiagram ? { diagram: true } : {}), ...(hasLineMarks(node as Element) ? { codeMarks: true } : {}) });
        return hasTitle || isDiagram ? titled(plain(node as Element)) : undefined;
      }
      if (directiveOf(node as Element) === undefined) return undefined;
      const copy = plain(node as Element);
      // Tab groups are numbered per page (`tabs-1`, …); MDX's <Tabs> use other ids (Tabs.astro).
      const nextId = () => {
        ctx.data[TABS_COUNT_KEY] = ((ctx.data[TABS_COUNT_KEY] as number | undefined) ?? 0) + 1;
        return `tabs-${String(ctx.data[TABS_COUNT_KEY])}`;
      };
      const built = build(copy, nextId);
      markUsed(ctx.data, componentsIn(built));
      return built;
    },
  },
  mdxJsxFlowElement: {
    filter: Object.keys(MDX_COMPONENTS),
    visit(node, ctx) {
      const used = node.name ? MDX_COMPONENTS[node.name] : undefined;
      if (used) markUsed(ctx.data, { [used]: true, ...(node.name === 'Aside' ? asideKinds(node.attributes) : {}) });
      return undefined;
    },
  },
});

/** The callout kind of an MDX <Aside> (`type`, note by default), or every kind when `type` is an expression. */
function asideKinds(attributes: readonly { type: string; name?: string; value?: unknown }[]): ComponentsUsed {
  const type = attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'type');
  const kinds: string[] = type === undefined ? ['note'] : typeof type.value === 'string' ? [calloutKind(type.value) ?? 'note'] : Object.keys(CALLOUT_KINDS);
  return Object.fromEntries(kinds.map((kind) => [`callout-${kind}`, true]));
}

/**
 * A code block whose fence asked for highlighted lines or a diff: code-blocks.ts marks its `pre`
 * (`data-line-marks`), so this reads one property instead of walking every token of every block.
 */
function hasLineMarks(pre: Element): boolean {
  return pre.properties?.['dataLineMarks'] !== undefined;
}

/** The components in a built subtree (nested ones and marked code blocks included), by their outer element's class. */
function componentsIn(node: Element): ComponentsUsed {
  const used: ComponentsUsed = {};
  const visit = (current: Element) => {
    const classes = current.properties?.['className'];
    for (const name of Array.isArray(classes) ? classes : []) {
      const component = COMPONENT_CLASSES[String(name)];
      if (component) used[component] = true;
    }
    if (current.tagName === 'pre' && hasLineMarks(current)) used.codeMarks = true;
    for (const child of current.children) if (isElement(child)) visit(child);
  };
  visit(node);
  return used;
}

function markUsed(data: Record<string, unknown>, used: ComponentsUsed): void {
  if (Object.keys(used).length === 0) return;
  const astro = data['astro'] as { frontmatter?: Record<string, unknown> } | undefined;
  if (!astro?.frontmatter) return;
  astro.frontmatter[COMPONENTS_USED_KEY] = { ...(astro.frontmatter[COMPONENTS_USED_KEY] as ComponentsUsed | undefined), ...used };
}
