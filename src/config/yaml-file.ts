import { isMap, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { DocsInputError } from './errors.ts';

/** A parsed YAML file that can tell the line of any value in it, for error messages. */
export interface YamlFile {
  file: string;
  data: unknown;
  lineOf(path: readonly PropertyKey[]): number | undefined;
}

/** Parses YAML text; syntax errors become a DocsInputError with the file and line. */
export function parseYamlFile(file: string, text: string): YamlFile {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const [error] = document.errors;
  if (error) {
    const line = lineCounter.linePos(error.pos[0]).line;
    throw new DocsInputError({
      file,
      line,
      problem: `is not valid YAML: ${firstLine(error.message)}`,
      hint: 'check the indentation and quoting on that line (quote values that contain ": " or start with a special character).',
    });
  }
  return {
    file,
    data: document.toJS(),
    lineOf: (path) => lineOfPath(document, lineCounter, path),
  };
}

function lineOfPath(document: Document, lineCounter: LineCounter, path: readonly PropertyKey[]): number | undefined {
  // Walk down as far as the path exists, so a missing key reports the line of its parent.
  let node: unknown = document.contents;
  let best = rangeStart(node);
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => String((item.key as { value?: unknown } | null)?.value ?? item.key) === String(key));
      if (!pair) break;
      best = rangeStart(pair.key) ?? best;
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key];
      if (node === undefined) break;
    } else {
      break;
    }
    best = rangeStart(node) ?? best;
  }
  return best === undefined ? undefined : lineCounter.linePos(best).line;
}

function rangeStart(node: unknown): number | undefined {
  return (node as Node | null | undefined)?.range?.[0];
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
