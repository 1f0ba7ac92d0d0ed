/**
 * Reading a request body in one of the operation's media types: which one (415), size (413),
 * syntax (400). JSON is parsed; form data and multipart become objects of strings (file parts
 * become their file names), typed by the schema's property types.
 */
import { getOwn, setOwn } from './own.ts';
import { coerce } from './parameters.ts';
import type { RuntimeMedia, RuntimeOperation, SandboxProblem } from './types.ts';


export type BodyReading = { ok: true; value: unknown; media?: RuntimeMedia } | { ok: false; problem: SandboxProblem };

const essence = (contentType: string | null) => (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();

function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(type);
}

/** The operation's media type the request's `Content-Type` matches (JSON types match each other). */
function matchMedia(media: readonly RuntimeMedia[], sent: string): RuntimeMedia | undefined {
  const exact = media.find((item) => item.contentType.toLowerCase() === sent);
  if (exact) return exact;
  if (isJsonMediaType(sent)) return media.find((item) => isJsonMediaType(item.contentType.toLowerCase()));
  return media.find((item) => {
    const [type, subtype] = item.contentType.toLowerCase().split('/');
    return (type === '*' || type === sent.split('/')[0]) && (subtype === '*' || subtype === sent.split('/')[1]);
  });
}

function describeTypes(media: readonly RuntimeMedia[]): string {
  return media.map((item) => `\`${item.contentType}\``).join(' or ');
}

const tooLarge = (limit: number): BodyReading => ({ ok: false, problem: { status: 413, reason: 'payload_too_large', detail: `The request body is larger than ${limit} bytes, the most the sandbox stores in one item.` } });
const malformed = (detail: string): BodyReading => ({ ok: false, problem: { status: 400, reason: 'malformed_body', detail } });

const encoder = new TextEncoder();

/** Form fields as the schema's property types (text that cannot be one stays text, and fails validation). */
function typed(value: Record<string, unknown>, media: RuntimeMedia): Record<string, unknown> {
  for (const [name, item] of Object.entries(value)) {
    const type = media.fields === undefined ? undefined : (getOwn(media.fields, name) as string | undefined);
    if (typeof item !== 'string' || type === undefined || type === 'string') continue;
    if (type === 'object' || type === 'array') {
      try {
        const parsed = JSON.parse(item) as unknown;
        setOwn(value, name, type === 'array' && !Array.isArray(parsed) ? [item] : parsed);
      } catch {
        // One part of a repeated field is a list of one; other text stays text.
        if (type === 'array') setOwn(value, name, [item]);
      }
      continue;
    }
    const converted = coerce(type, item);
    if (converted !== undefined) setOwn(value, name, converted);
  }
  return value;
}

/** Reads the body, refusing one over `maxBytes` (413). */
export async function readBody(operation: RuntimeOperation, request: Request, maxBytes: number): Promise<BodyReading> {
  const definition = operation.body;
  if (definition === undefined || definition.media.length === 0) return { ok: true, value: undefined };
  const sent = essence(request.headers.get('Content-Type'));
  const declaredLength = Number(request.headers.get('Content-Length') ?? '0');
  if (sent === '' && !definition.required && (declaredLength === 0 || Number.isNaN(declaredLength))) {
    const text = await request.text().catch(() => '');
    if (text === '') return { ok: true, value: undefined };
  }
  const media = matchMedia(definition.media, sent);
  if (media === undefined) {
    return { ok: false, problem: { status: 415, reason: 'unsupported_media_type', detail: `Send the body as ${describeTypes(definition.media)} with a matching \`Content-Type\`.` } };
  }
  if (declaredLength > maxBytes) return tooLarge(maxBytes);
  const type = media.contentType.toLowerCase();
  if (type === 'multipart/form-data') {
    try {
      const form = await request.formData();
      const value: Record<string, unknown> = {};
      form.forEach((entry, name) => {
        const item = typeof entry === 'string' ? entry : (entry as File).name;
        const previous = getOwn(value, name);
        setOwn(value, name, previous === undefined ? item : Array.isArray(previous) ? [...previous, item] : [previous, item]);
      });
      return { ok: true, value: typed(value, media), media };
    } catch {
      return malformed('The request body is not valid multipart/form-data.');
    }
  }
  let text: string;
  try {
    text = await request.text();
  } catch {
    return malformed('The request body could not be read.');
  }
  if (text.length > maxBytes || encoder.encode(text).length > maxBytes) return tooLarge(maxBytes);
  if (isJsonMediaType(type)) {
    if (text.trim() === '') return definition.required ? malformed('The request body is empty; send JSON.') : { ok: true, value: undefined, media };
    try {
      return { ok: true, value: JSON.parse(text) as unknown, media };
    } catch (error) {
      const reason = error instanceof Error ? ` (${error.message})` : '';
      return malformed(`The request body is not valid JSON${reason}.`);
    }
  }
  if (type === 'application/x-www-form-urlencoded') {
    const value: Record<string, unknown> = {};
    for (const [name, item] of new URLSearchParams(text)) {
      const previous = getOwn(value, name);
      setOwn(value, name, previous === undefined ? item : Array.isArray(previous) ? [...previous, item] : [previous, item]);
    }
    return { ok: true, value: typed(value, media), media };
  }
  return { ok: true, value: text, media };
}
