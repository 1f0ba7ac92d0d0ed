/**
 * A mistake in a docs writer's input: names the file, the line (and column) where known, the
 * field, and the fix. Pure code throws this; the Astro integration prints it for the terminal and
 * the dev server's error overlay.
 */
export class DocsInputError extends Error {
  readonly file: string;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly field: string | undefined;
  readonly problem: string;
  readonly hint: string;

  constructor(options: { file: string; line?: number | undefined; column?: number | undefined; field?: string | undefined; problem: string; hint: string }) {
    super(describe(options.file, options));
    this.name = 'DocsInputError';
    this.file = options.file;
    this.line = options.line;
    this.column = options.line === undefined ? undefined : options.column;
    this.field = options.field;
    this.problem = options.problem;
    this.hint = options.hint;
  }

  /** The message and the fix, as printed to a docs writer; `file` replaces the docs-root-relative path. */
  format(file: string = this.file): string {
    return `${describe(file, this)}\n  Fix: ${this.hint}`;
  }
}

function describe(file: string, at: { line?: number | undefined; column?: number | undefined; field?: string | undefined; problem: string }): string {
  const where = at.line === undefined ? file : `${file}:${at.line}${at.column === undefined ? '' : `:${at.column}`}`;
  const field = at.field === undefined ? '' : ` \`${at.field}\``;
  return `${where}:${field} ${at.problem}`;
}

/** A problem that does not stop the build (an orphan page, an unlisted content folder). */
export interface DocsWarning {
  file: string;
  message: string;
}
