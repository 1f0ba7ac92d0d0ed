/** Reading a JSON request body: media type (415), size (413) and syntax (400). */
import type { Problem } from './responses.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export type BodyReading = { ok: true; value: unknown } | { ok: false; problem: Problem };

/** `application/json`, with or without parameters, or any `application/*+json` type. */
export function isJsonMediaType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const essence = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return essence === 'application/json' || /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(essence);
}

const encoder = new TextEncoder();

function tooLarge(): BodyReading {
  return {
    ok: false,
    problem: { status: 413, code: 'payload_too_large', detail: `The request body is larger than ${MAX_BODY_BYTES} bytes.` },
  };
}

function malformed(detail: string): BodyReading {
  return { ok: false, problem: { status: 400, code: 'malformed_json', detail } };
}

export async function readJsonBody(request: Request): Promise<BodyReading> {
  if (!isJsonMediaType(request.headers.get('Content-Type'))) {
    return {
      ok: false,
      problem: {
        status: 415,
        code: 'unsupported_media_type',
        detail: 'Send the body as JSON with `Content-Type: application/json`.',
      },
    };
  }
  const declaredLength = Number(request.headers.get('Content-Length') ?? '0');
  if (declaredLength > MAX_BODY_BYTES) return tooLarge();

  let text: string;
  try {
    text = await request.text();
  } catch {
    return malformed('The request body could not be read.');
  }
  if (text.length > MAX_BODY_BYTES || encoder.encode(text).length > MAX_BODY_BYTES) return tooLarge();
  if (text.trim() === '') return malformed('The request body is empty; send a JSON object.');
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const reason = error instanceof Error ? ` (${error.message})` : '';
    return malformed(`The request body is not valid JSON${reason}.`);
  }
}
