/**
 * `$name` placeholders in console inputs, filled from values earlier consoles captured; pure.
 * (`$name` rather than `{{name}}`: MDX props stay one brace level deep, which keeps the
 * pages' Markdown exports simple.)
 */

const PLACEHOLDER = /\$([A-Za-z_]\w*)/g;

export function hasPlaceholder(text: string): boolean {
  return /\$[A-Za-z_]\w*/.test(text);
}

/** The text with every known placeholder replaced; unknown ones stay as written. */
export function fillPlaceholders(text: string, variables: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(variables, name) ? variables[name]! : whole));
}

/** The value at a JSON Pointer, or undefined. */
function atPointer(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let node = value;
  for (const segment of pointer.split('/').slice(1).map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** Variables captured from a response body: name -> the scalar at its pointer (missing ones are skipped). */
export function captureVariables(capture: Readonly<Record<string, string>>, body: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, pointer] of Object.entries(capture)) {
    const value = atPointer(body, pointer);
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') values[name] = String(value);
  }
  return values;
}
