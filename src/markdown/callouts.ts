/**
 * Callouts (asides): the one definition of their kinds and markup, shared by page Markdown
 * (GitHub alerts and `:::note` directives), OpenAPI descriptions and the `<Aside>` component.
 *
 * Markup: `<aside class="callout callout-<kind>" role="note">` with a visible title. `role="note"`
 * rather than `aria-label`: a named `<aside>` is a complementary landmark, and one inside `<main>`
 * breaks the page's landmark structure. A custom title keeps the kind for screen readers in a
 * visually hidden prefix ("Warning: "), since the colour alone cannot say it.
 */
import type { HastNode } from 'satteri';

type Element = Extract<HastNode, { type: 'element' }>;
type ElementContent = Element['children'][number];
type Text = Extract<HastNode, { type: 'text' }>;

/** Kinds and their default titles: GitHub's five alerts. */
export const CALLOUT_KINDS = { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution' } as const;
export type CalloutKind = keyof typeof CALLOUT_KINDS;
/** The title of each kind in one language (the interface tables' `callout.<kind>`). */
export type CalloutTitles = Readonly<Record<CalloutKind, string>>;

/** Other names writers know from Starlight and Docusaurus, and the kind each stands for. */
export const CALLOUT_ALIASES: Readonly<Record<string, CalloutKind>> = { danger: 'caution' };

export function calloutKind(name: string): CalloutKind | undefined {
  const lower = name.toLowerCase();
  return lower in CALLOUT_KINDS ? (lower as CalloutKind) : CALLOUT_ALIASES[lower];
}

/**
 * The callout element around `body`; `title` (inline content) replaces the kind's default title,
 * which is in `titles`' language (English unless the page's locale says otherwise).
 */
export function calloutElement(kind: CalloutKind, body: ElementContent[], title?: ElementContent[], titles: CalloutTitles = CALLOUT_KINDS): Element {
  const heading: ElementContent[] = title && title.length > 0 ? [{ type: 'element', tagName: 'span', properties: { className: ['visually-hidden'] }, children: [text(`${titles[kind]}: `)] }, ...title] : [text(titles[kind])];
  const label: Element = { type: 'element', tagName: 'p', properties: { className: ['callout-title'] }, children: heading };
  return { type: 'element', tagName: 'aside', properties: { className: ['callout', `callout-${kind}`], role: 'note' }, children: [text('\n'), label, ...body] };
}

function text(value: string): Text {
  return { type: 'text', value };
}

const ALERT_MARKER = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\r?\n|$)/i;

/**
 * A GitHub alert (`> [!NOTE]`, any case, alone on the quote's first line) as a callout element;
 * undefined for any other blockquote, which stays a quote.
 */
export function alertToCallout(blockquote: Element, titles: CalloutTitles = CALLOUT_KINDS): Element | undefined {
  const children = blockquote.children;
  const index = children.findIndex((child) => child.type === 'element');
  const first = children[index];
  if (first?.type !== 'element' || first.tagName !== 'p') return undefined;
  const lead = first.children[0];
  const match = lead?.type === 'text' ? ALERT_MARKER.exec(lead.value) : null;
  if (!match || lead?.type !== 'text') return undefined;
  const remainder: Text = { ...lead, value: lead.value.slice(match[0].length) };
  const rest = [remainder, ...first.children.slice(1)].filter((child) => child.type !== 'text' || child.value !== '');
  const body = [...children.slice(0, index), ...(rest.length > 0 ? [{ ...first, children: rest }] : []), ...children.slice(index + 1)];
  return calloutElement(match[1]!.toLowerCase() as CalloutKind, body, undefined, titles);
}
