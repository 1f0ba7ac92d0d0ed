/** Reason phrases of the HTTP statuses the sandbox answers with (RFC 9110), shared by the sandbox and the console. */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** A problem's `title`: the status's reason phrase, `Error` for one this table does not know. */
export function statusTitle(status: number): string {
  return STATUS_TEXT[status] ?? 'Error';
}
