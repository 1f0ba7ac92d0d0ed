import { isMap, isSeq, LineCounter, parseDocument, type Document, type Node, type YAMLError } from 'yaml';
import { DocsInputError } from './errors.ts';

/** A parsed YAML file that can tell the line of any value in it, for error messages. */
export interface YamlFile {
  file: string;
  data: unknown;
  lineOf(path: readonly PropertyKey[], at?: 'key' | 'value'): number | undefined;
  /** The column of the value at `path`, or of its key (`at: 'key'`, for an unknown key). */
  columnOf(path: readonly PropertyKey[], at?: 'key' | 'value'): number | undefined;
}

/** Parses YAML text; syntax errors become a DocsInputError with the file, line and column of the mistake. */
export function parseYamlFile(file: string, text: string): YamlFile {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const [error] = document.errors;
  if (error) {
    const { line, col } = lineCounter.linePos(mistakeOffset(text, error));
    throw new DocsInputError({
      file,
      line,
      column: col,
      problem: `is not valid YAML: ${firstLine(error.message)}`,
      hint: 'check the indentation and quoting on that line (quote values that contain ": " or start with a special character).',
    });
  }
  const positionOf = (path: readonly PropertyKey[], at: 'key' | 'value' = 'value') => {
    const offset = offsetOfPath(document, path, at);
    return offset === undefined ? undefined : lineCounter.linePos(offset);
  };
  let data: unknown;
  try {
    data = document.toJS();
  } catch (error) {
    // Aliases the reader will not expand: more than its limit of them, or one before its anchor.
    throw new DocsInputError({ file, problem: `cannot be read: ${firstLine((error as Error).message)}`, hint: 'write the repeated value out where it is used instead of as an alias (*name), and define each anchor (&name) before its first alias.' });
  }
  return {
    file,
    data,
    lineOf: (path, at) => positionOf(path, at)?.line,
    columnOf: (path, at) => positionOf(path, at)?.col,
  };
}

/**
 * Where the writer's mistake is, which is not always where the parser noticed it: an unclosed
 * quote or bracket is found at the next line (or the end of the file), so point at its opening
 * character; an error at the indentation of a line points at the line's first character.
 */
function mistakeOffset(text: string, error: Pick<YAMLError, 'message' | 'pos'>): number {
  const at = Math.min(error.pos[0], text.length);
  const quote = /Missing closing (["'])quote/.exec(error.message)?.[1];
  if (quote) {
    const opening = text.lastIndexOf(quote, at - 1);
    if (opening >= 0) return opening;
  }
  const closer = /end with an? ([\]}])/.exec(error.message)?.[1];
  if (closer) {
    const opening = unclosedOpener(text, at, closer === ']' ? '[' : '{', closer);
    if (opening !== undefined) return opening;
  }
  let start = at;
  while (text[start] === ' ' || text[start] === '\t') start++;
  if (start < text.length && text[start] !== '\n' && text[start] !== '\r') return start;
  // Nothing on the rest of this line: the mistake ends the previous content.
  let end = at - 1;
  while (end > 0 && /\s/.test(text[end]!)) end--;
  return Math.max(0, end);
}

function unclosedOpener(text: string, before: number, open: string, close: string): number | undefined {
  let depth = 0;
  for (let index = before - 1; index >= 0; index--) {
    if (text[index] === close) depth++;
    else if (text[index] === open) {
      if (depth === 0) return index;
      depth--;
    }
  }
  return undefined;
}

function offsetOfPath(document: Document, path: readonly PropertyKey[], at: 'key' | 'value'): number | undefined {
  // Walk down as far as the path exists, so a missing key reports the position of its parent.
  let node: unknown = document.contents;
  let best = rangeStart(node);
  for (const [index, key] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((item) => String((item.key as { value?: unknown } | null)?.value ?? item.key) === String(key));
      if (!pair) break;
      best = rangeStart(pair.key) ?? best;
      if (at === 'key' && index === path.length - 1) return best;
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key];
      if (node === undefined) break;
    } else {
      break;
    }
    best = rangeStart(node) ?? best;
  }
  return best;
}

function rangeStart(node: unknown): number | undefined {
  return (node as Node | null | undefined)?.range?.[0];
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
