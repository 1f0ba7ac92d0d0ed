/** Short meanings of the HTTP statuses the sandbox answers with. */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  500: 'Internal Server Error',
};

/** The operation's own description of a status (exact, then `4XX`, then `default`), else the generic meaning. */
export function statusMeaning(status: number, documented: Readonly<Record<string, string>>): string {
  return documented[String(status)] ?? documented[`${String(status)[0]}XX`] ?? documented['default'] ?? STATUS_TEXT[status] ?? '';
}
