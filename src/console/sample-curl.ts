/**
 * The request as the snippet library reads it (a HAR request), and the curl sample; pure. Small
 * on purpose: the console shows curl at once and loads the other languages (samples.ts) only
 * when the reader opens them.
 */
import { shellCurl } from '@scalar/snippetz/plugins/shell/curl';
import type { BuiltRequest } from './request.ts';

/** The request as a plugin reads it (HAR). */
export type HarInput = NonNullable<Parameters<typeof shellCurl.generate>[0]>;

/** A body the plugins may write as an object literal: JSON that parses (else it stays text, byte for byte). */
export function isJsonBody(request: BuiltRequest): boolean {
  const type = request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  if (request.body === undefined || !/^application\/json\s*(;|$)/i.test(type)) return false;
  try {
    JSON.parse(request.body);
    return true;
  } catch {
    return false;
  }
}

/**
 * The URL goes as built (query already encoded), never as `queryString`, which the plugins
 * append unencoded. The body goes as text: plugins write JSON ones as the language's own literal.
 */
export function toHar(request: BuiltRequest, options: { jsonAsText?: boolean } = {}): HarInput {
  const type = request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'application/octet-stream';
  return {
    method: request.method,
    url: request.url,
    httpVersion: 'HTTP/1.1',
    headers: request.headers.map(([name, value]) => ({ name, value })),
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    ...(request.body !== undefined ? { postData: { mimeType: isJsonBody(request) && !options.jsonAsText ? 'application/json' : type === 'application/json' ? 'text/plain' : type, text: request.body } } : {}),
  };
}

/** `--data` would read a file for a body starting with `@`: `--data-raw` sends it as written. */
export function curlSample(request: BuiltRequest): string {
  return shellCurl.generate(toHar(request)).trimEnd().replace(/^ {2}--data '/m, "  --data-raw '");
}
