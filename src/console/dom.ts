/**
 * The one way the console's parts build DOM: `h(tag, attributes, ...children)`, plus the
 * labelled field every input sits in. Attributes are set as written (`undefined` leaves one
 * out), children are nodes or text, never HTML, so nothing a description or a reader typed is
 * parsed as markup.
 */
export type Attrs = Record<string, string | undefined>;

/** An input the reader types or picks in. */
export type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** `<div class="try-it-field"><label for=…>label</label>field…</div>`: the field with its label, and what follows it (hints, errors). */
export function labelled(label: string, field: Field, ...after: Node[]): HTMLDivElement {
  return h('div', { class: 'try-it-field' }, h('label', { for: field.id }, label), field, ...after);
}

/** `text` with its `{name}` mark replaced by a node (a link, a code element), for `element.append`. */
export function around(text: string, name: string, node: Node): Array<Node | string> {
  const [before = '', after = ''] = text.split(`{${name}}`);
  return [before, node, after];
}
