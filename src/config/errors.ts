/**
 * A mistake in a docs writer's input: names the file, the line where known, the field, and the fix.
 * Pure code throws this; the Astro integration turns it into an AstroError for the overlay and CLI.
 */
export class DocsInputError extends Error {
  readonly file: string;
  readonly line: number | undefined;
  readonly field: string | undefined;
  readonly hint: string;

  constructor(options: { file: string; line?: number | undefined; field?: string | undefined; problem: string; hint: string }) {
    const where = options.line === undefined ? options.file : `${options.file}:${options.line}`;
    const field = options.field === undefined ? '' : ` \`${options.field}\``;
    super(`${where}:${field} ${options.problem}`);
    this.name = 'DocsInputError';
    this.file = options.file;
    this.line = options.line;
    this.field = options.field;
    this.hint = options.hint;
  }

  /** The message and the fix, as printed to a docs writer. */
  format(): string {
    return `${this.message}\n  Fix: ${this.hint}`;
  }
}

/** A problem that does not stop the build (an orphan page, an unlisted content folder). */
export interface DocsWarning {
  file: string;
  message: string;
}
