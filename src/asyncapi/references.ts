/**
 * An AsyncAPI description must be one file: every `$ref` in it points inside it (`#/...`). The
 * AsyncAPI parser would otherwise read what a reference names — any file the build can read
 * (`/etc/...`, `config/users.yml`, a gated API's description) or any URL, fetched during the
 * build — and put it in public pages. Checked on the text before the parser sees it, as OpenAPI
 * descriptions are (src/openapi/check.ts). Pure.
 *
 * The check walks the YAML syntax tree (JSON is YAML), not the value it stands for: an anchored
 * node is visited once where it is written, however many aliases repeat it, so a description that
 * uses an anchor a thousand times costs one visit and hits no alias limit.
 */
import { isAlias, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import { DocsInputError } from '../config/errors.ts';
import { pointerOf } from '../openapi/pointer.ts';

/** A key or value as written: an alias stands for the node it names. */
function resolved(node: unknown, document: Document): unknown {
  return isAlias(node) ? node.resolve(document) : node;
}

/** Throws a DocsInputError naming the first `$ref` that leaves the file: its line, its JSON pointer and the fix. */
export function checkLocalReferences(file: string, text: string): void {
  const lineCounter = new LineCounter();
  // Syntax errors are the AsyncAPI parser's to report, with its own positions.
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  visit(document, {
    Pair(_key, pair, path) {
      const key = resolved(pair.key, document);
      const value = resolved(pair.value, document);
      if (!isScalar(key) || key.value !== '$ref' || !isScalar(value) || typeof value.value !== 'string' || value.value.startsWith('#')) return;
      const where = [...pointerPath(path, pair), '$ref'];
      const position = value.range ? lineCounter.linePos(value.range[0]) : undefined;
      throw new DocsInputError({
        file,
        line: position?.line,
        column: position?.col,
        field: pointerOf(where),
        problem: `refers to \`${value.value}\`, outside this file; the generator reads no other file or URL for a description.`,
        hint: 'bundle the description into one file first (for example `npx @asyncapi/cli bundle asyncapi.yaml --output asyncapi.yaml`), or move what it refers to under `components`.',
      });
    },
  });
}

/** The JSON pointer segments of the map holding `pair`, from the nodes `visit` passes on the way down. */
function pointerPath(ancestors: readonly unknown[], pair: unknown): Array<string | number> {
  const segments: Array<string | number> = [];
  const chain = [...ancestors, pair];
  for (let index = 0; index < chain.length - 1; index++) {
    const node = chain[index];
    const child = chain[index + 1];
    if (isPair(node)) segments.push(String(isScalar(node.key) ? node.key.value : node.key));
    else if (isSeq(node)) segments.push(node.items.indexOf(child as Node));
  }
  return segments;
}
