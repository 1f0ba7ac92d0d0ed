/**
 * Node only: an AsyncAPI description (2.6 or 3.x, YAML or JSON) parsed and validated by the
 * AsyncAPI initiative's own parser, then normalised (normalize.ts). A description the parser
 * rejects is a DocsInputError naming the file, the line and the parser's message, as an OpenAPI
 * mistake is. The parser's warnings are its style guide's recommendations (an `id`, a licence,
 * tags): nothing the generator skips, so they are not the build's to print. A `$ref` to another
 * file or a URL is refused first (references.ts): the parser would read it.
 */
import { Parser } from '@asyncapi/parser';
import { DocsInputError } from '../config/errors.ts';
import { normalizeAsyncApi } from './normalize.ts';
import { checkLocalReferences } from './references.ts';
import type { EventApi } from './types.ts';

/** The parser's severity of an error (0) and of a warning (1). */
const ERROR = 0;

let parser: Parser | undefined;

/** The description normalised, and the parser's resolved document (what @asyncapi/diff compares). */
export async function parseEventDocument(text: string, file: string): Promise<{ api: EventApi; document: Record<string, unknown> }> {
  checkLocalReferences(file, text);
  parser ??= new Parser();
  const { document, diagnostics } = await parser.parse(text);
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === ERROR);
  if (!document || errors.length > 0) {
    const first = errors[0];
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length === 2 ? '' : 's'})` : '';
    throw new DocsInputError({
      file,
      line: first ? first.range.start.line + 1 : undefined,
      column: first ? first.range.start.character + 1 : undefined,
      field: first && first.path.length > 0 ? `/${first.path.join('/')}` : undefined,
      problem: `${first?.message.replace(/\.?$/, '.') ?? 'is not an AsyncAPI description the AsyncAPI parser can read.'}${more}`,
      hint: 'correct the description (the AsyncAPI specification, asyncapi.com/docs/reference, says what each field takes); `npx @asyncapi/cli validate <file>` lists every problem.',
    });
  }
  const json = document.json() as Record<string, unknown>;
  return { api: normalizeAsyncApi(json), document: json };
}

export async function parseEventApi(text: string, file: string): Promise<EventApi> {
  return (await parseEventDocument(text, file)).api;
}
