import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { ErrorPayload } from 'vite';
import type { DocsInputError } from '../config/errors.ts';
import { escapeHtml } from '../discovery/text.ts';

/**
 * The file as a writer can open it from the terminal: relative to the docs root when that is
 * where the command runs (the usual case), absolute when DOCS_ROOT points elsewhere.
 */
export function writerPath(docsRoot: string, file: string, cwd: string = process.cwd()): string {
  if (isAbsolute(file) || file.startsWith('environment')) return file;
  return resolve(docsRoot) === resolve(cwd) ? file : join(docsRoot, file);
}

/** What the terminal shows: where, what, and the fix. No stack trace: the mistake is in the input, not the generator. */
export function terminalMessage(error: DocsInputError, docsRoot: string): string {
  return error.format(writerPath(docsRoot, error.file));
}

/** The `err` of Vite's error payload, in the shape Astro's overlay draws: title, message, fix, and the file with the line marked. */
export function overlayError(error: DocsInputError, docsRoot: string): ErrorPayload['err'] {
  const path = isAbsolute(error.file) ? error.file : join(docsRoot, error.file);
  const text = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  return {
    name: 'DocsInputError',
    title: 'A mistake in the docs input',
    message: error.message,
    hint: `Fix: ${error.hint}`,
    plugin: 'caravan-docs',
    id: path,
    loc: { file: path, line: error.line ?? 1, column: error.column ?? 1 },
    ...(text === undefined ? {} : { highlightedCode: codeLines(text, error.line) }),
    stack: '',
  };
}

/** The file as plain lines with the mistake's line marked, for the overlay's code view. */
export function codeLines(text: string, errorLine: number | undefined): string {
  const lines = text.replace(/\n$/, '').split('\n');
  const spans = lines.map((line, index) => `<span class="line${index + 1 === errorLine ? ' error-line' : ''}">${escapeHtml(line)}</span>`);
  return `<pre class="shiki"><code>${spans.join('\n')}</code></pre>`;
}
