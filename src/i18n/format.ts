/** Fills `{name}` marks in an interface string; a mark without a value stays as written. Pure, and small enough for browser bundles. */
export function formatText(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => (name in values ? String(values[name]) : mark));
}

/**
 * An interface string cut at its `{name}` marks, for a template that puts markup there (a link, a
 * `<code>`): `'{operation} is new in 2.0.'` gives `[{ mark: 'operation' }, ' is new in 2.0.']`. Pure.
 */
export function textParts(template: string): Array<string | { mark: string }> {
  return template.split(/(\{\w+\})/).flatMap((part): Array<string | { mark: string }> => {
    const mark = /^\{(\w+)\}$/.exec(part)?.[1];
    return mark !== undefined ? [{ mark }] : part === '' ? [] : [part];
  });
}
