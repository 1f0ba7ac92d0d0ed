/**
 * Reading a request body with a ceiling: a declared `Content-Length` over the limit is refused
 * before a byte is read, and a streamed (chunked) body is refused as soon as its count passes
 * the limit, so no request can make the server hold more than `limit` bytes of its body.
 */
export type BoundedText = { ok: true; text: string } | { ok: false };

export async function readBoundedText(message: Request | Response, limit: number): Promise<BoundedText> {
  const declared = message.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) {
    await message.body?.cancel().catch(() => undefined);
    return { ok: false };
  }
  if (message.body === null) return { ok: true, text: '' };
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return { ok: false };
      }
      chunks.push(value);
    }
  } catch {
    // The adapter's own ceiling, or a client that hung up: nothing usable was read.
    return { ok: false };
  }
  const decoder = new TextDecoder();
  return { ok: true, text: chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode() };
}

/** 413 for a body over its limit, naming the limit; the connection closes so the rest is never read. */
export function payloadTooLarge(limit: number, headers: Record<string, string> = {}): Response {
  return new Response(`The request body is larger than this server accepts here (${limit} bytes).\n`, {
    status: 413,
    headers: { 'content-type': 'text/plain; charset=utf-8', connection: 'close', ...headers },
  });
}

/** Routes of the sign-in server that read a body (a POST), relative to the base, besides `api/auth/*`. */
const BODY_ROUTES: ReadonlySet<string> = new Set(['mcp', 'account', 'api/admin/sign-out-everywhere']);

/**
 * The body limit of a request: sign-in's for a POST to `{base}api/auth/*`, the general one for a
 * POST to another route that reads a body (`{base}mcp`, `{base}account`, the admin call), and 0
 * for everything else: no other route reads a body, so none may send one (it would be read to its
 * end, however large, only to be thrown away).
 */
export function bodyLimitFor(method: string, pathname: string, base: string, limits: { signIn: number; requests: number }): number {
  if (method !== 'POST' || !pathname.startsWith(base)) return 0;
  if (pathname.startsWith(`${base}api/auth/`)) return limits.signIn;
  return BODY_ROUTES.has(pathname.slice(base.length).replace(/\/$/, '')) ? limits.requests : 0;
}
