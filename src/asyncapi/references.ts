/**
 * An AsyncAPI description must be one file: every `$ref` in it points inside it (`#/...`). The
 * AsyncAPI parser would otherwise read what a reference names — any file the build can read
 * (`/etc/...`, `config/users.yml`, a gated API's description) or any URL, fetched during the
 * build — and put it in public pages. Checked on the text before the parser sees it, as OpenAPI
 * descriptions are (src/openapi/check.ts). Pure.
 */
import { DocsInputError } from '../config/errors.ts';
import { parseYamlFile } from '../config/yaml-file.ts';
import { pointerOf } from '../openapi/pointer.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Throws a DocsInputError naming the first `$ref` that leaves the file: its line, its JSON pointer and the fix. */
export function checkLocalReferences(file: string, text: string): void {
  const yaml = parseYamlFile(file, text);
  const stack: Array<{ node: unknown; path: Array<string | number> }> = [{ node: yaml.data, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (Array.isArray(node)) {
      node.forEach((item, index) => stack.push({ node: item, path: [...path, index] }));
      continue;
    }
    if (!isRecord(node)) continue;
    const ref = node['$ref'];
    // Unlike OpenAPI's, the AsyncAPI parser follows a `$ref` wherever it is, examples included.
    if (typeof ref === 'string' && !ref.startsWith('#')) {
      const where = [...path, '$ref'];
      throw new DocsInputError({
        file,
        line: yaml.lineOf(where),
        column: yaml.columnOf(where),
        field: pointerOf(where),
        problem: `refers to \`${ref}\`, outside this file; the generator reads no other file or URL for a description.`,
        hint: 'bundle the description into one file first (for example `npx @asyncapi/cli bundle asyncapi.yaml --output asyncapi.yaml`), or move what it refers to under `components`.',
      });
    }
    for (const [key, child] of Object.entries(node)) if (typeof child === 'object' && child !== null) stack.push({ node: child, path: [...path, key] });
  }
}
