import { STATUS_TEXT } from '../sandbox/core/http-status.ts';

export { STATUS_TEXT };

/** The operation's own description of a status (exact, then `4XX`, then `default`), else the generic meaning. */
export function statusMeaning(status: number, documented: Readonly<Record<string, string>>): string {
  const text = documented[String(status)] ?? documented[`${String(status)[0]}XX`] ?? documented['default'] ?? STATUS_TEXT[status] ?? '';
  // Descriptions are Markdown; the status line is plain text.
  return text.replace(/`([^`]*)`/g, '$1').replace(/\*\*([^*]*)\*\*/g, '$1');
}
