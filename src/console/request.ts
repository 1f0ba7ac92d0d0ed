/**
 * The HTTP request a console's inputs describe; pure. Samples and Send both use it, so they
 * always agree. Each credential goes where its security scheme says: an `Authorization` header
 * (bearer, basic), or an API key in a header, the query or a cookie.
 */
import type { ConsoleCredential, ConsoleParameter } from './spec.ts';

export interface ConsoleInputs {
  /** Parameter values as typed (empty = not sent, for query and header parameters). */
  params: Record<string, string>;
  /** The body exactly as typed in the JSON editor. */
  bodyText: string;
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body?: string;
}

/** A credential to send: its scheme's form, and the value as typed (basic: `user:password`). */
export interface SentCredential {
  credential: ConsoleCredential;
  value: string;
}

/** The parts of a console spec a request is built from (`credential`: the scheme a lone credential string is for). */
export interface RequestShape {
  method: string;
  path: string;
  baseUrl: string;
  parameters: ReadonlyArray<Pick<ConsoleParameter, 'name' | 'in'>>;
  body?: { contentType: string } | undefined;
  credential?: ConsoleCredential | undefined;
}

/** The boundary of multipart bodies built from the JSON editor: fixed, so samples are stable. */
export const MULTIPART_BOUNDARY = 'caravan-docs-form-boundary';

/** `/pets/{petId}` + `{ petId: 'pet 1' }` -> `/pets/pet%201`. */
export function fillPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const essence = (contentType: string) => contentType.split(';', 1)[0]!.trim().toLowerCase();

/** Form fields from the JSON editor's object: objects and arrays as JSON text. */
function formFields(bodyText: string): Array<[string, string]> | undefined {
  try {
    const value = JSON.parse(bodyText) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    return Object.entries(value).flatMap(([name, item]): Array<[string, string]> =>
      item === undefined || item === null ? [] : Array.isArray(item) ? item.map((entry) => [name, typeof entry === 'string' ? entry : JSON.stringify(entry)]) : [[name, typeof item === 'string' ? item : typeof item === 'object' ? JSON.stringify(item) : String(item)]],
    );
  } catch {
    return undefined;
  }
}

/** The body as the media type wants it, and the `Content-Type` to send it with. */
export function encodeBody(contentType: string, bodyText: string): { contentType: string; body: string } {
  const type = essence(contentType);
  const fields = type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data' ? formFields(bodyText) : undefined;
  if (fields === undefined) return { contentType, body: bodyText };
  if (type === 'application/x-www-form-urlencoded') return { contentType, body: new URLSearchParams(fields).toString() };
  const parts = fields.map(([name, value]) => `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name.replaceAll('"', '%22')}"\r\n\r\n${value}\r\n`);
  return { contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, body: `${parts.join('')}--${MULTIPART_BOUNDARY}--\r\n` };
}

/**
 * The request. `credentials` are the schemes of the chosen security alternative with their
 * values, or the value alone for `spec.credential`; an empty value sends nothing for its scheme.
 * `placeholder` writes values as they are, unencoded (reference samples with `<token>`).
 */
export function buildRequest(spec: RequestShape, inputs: ConsoleInputs, credentials: string | readonly SentCredential[], options: { placeholder?: boolean } = {}): BuiltRequest {
  const query = new URLSearchParams();
  const headers: Array<[string, string]> = [];
  for (const parameter of spec.parameters) {
    const value = inputs.params[parameter.name] ?? '';
    if (value === '') continue;
    if (parameter.in === 'query') query.append(parameter.name, value);
    if (parameter.in === 'header') headers.push([parameter.name, value]);
  }
  // Credentials: API keys in the query after the parameters, headers before theirs.
  const auth: Array<[string, string]> = [];
  const cookies: string[] = [];
  const sent = typeof credentials !== 'string' ? credentials : spec.credential ? [{ credential: spec.credential, value: credentials }] : [];
  for (const { credential: scheme, value } of sent) {
    const secret = value.trim();
    if (secret === '') continue;
    if (scheme.kind === 'bearer') auth.push(['Authorization', `Bearer ${secret}`]);
    else if (scheme.kind === 'basic') auth.push(['Authorization', `Basic ${options.placeholder ? secret : base64(secret)}`]);
    else if (scheme.in === 'query') query.append(scheme.name!, secret);
    else if (scheme.in === 'cookie') cookies.push(`${scheme.name}=${secret}`);
    else auth.push([scheme.name!, secret]);
  }
  if (cookies.length > 0) auth.push(['Cookie', cookies.join('; ')]);
  headers.unshift(...auth);
  const search = query.toString();
  const url = `${spec.baseUrl.replace(/\/+$/, '')}${fillPath(spec.path, inputs.params)}${search ? `?${search}` : ''}`;
  const request: BuiltRequest = { method: spec.method.toUpperCase(), url, headers };
  if (spec.body !== undefined) {
    const encoded = encodeBody(spec.body.contentType, inputs.bodyText);
    headers.push(['Content-Type', encoded.contentType]);
    request.body = encoded.body;
  }
  return request;
}

/** Where `npm run sandbox` listens by default. */
export const LOCAL_SANDBOX_ORIGIN = 'http://127.0.0.1:4010';

/**
 * The request sent to the local sandbox (`npm run sandbox`) instead: it serves each server of
 * the description under that server's URL path, so only the origin changes.
 */
export function toLocalSandbox(request: BuiltRequest, baseUrl: string, origin = LOCAL_SANDBOX_ORIGIN): BuiltRequest {
  try {
    const base = new URL(baseUrl);
    const url = new URL(request.url);
    if (url.origin !== base.origin) return request;
    return { ...request, url: `${origin}${url.pathname}${url.search}` };
  } catch {
    return request;
  }
}
