/** Fills `{name}` marks in an interface string; a mark without a value stays as written. Pure, and small enough for browser bundles. */
export function formatText(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => (name in values ? String(values[name]) : mark));
}
