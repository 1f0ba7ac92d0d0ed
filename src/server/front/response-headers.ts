import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Adds a token to `Vary`, keeping what the route set (`Cookie` on per-reader answers). */
export function addVary(res: ServerResponse, token: string): void {
  const current = res.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((value) => value.trim()).filter(Boolean);
  if (values.includes('*') || values.some((value) => value.toLowerCase() === token.toLowerCase())) return;
  res.setHeader('Vary', [...values, token].join(', '));
}

/**
 * Runs `hook` just before the status line and headers go out, with every header the handler set
 * (those passed to `writeHead` as well as `setHeader`'s): the adapter writes its headers in
 * `writeHead`, the static file server through `setHeader` and an implicit `writeHead`.
 */
export function beforeHead(res: ServerResponse, hook: (status: number) => void): void {
  const writeHead = res.writeHead.bind(res) as (status: number, reason?: string) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const reason = typeof rest[0] === 'string' ? rest[0] : undefined;
    const headers = typeof rest[0] === 'string' ? rest[1] : rest[0];
    for (const [name, value] of headerEntries(headers)) res.setHeader(name, value);
    hook(status);
    return writeHead(status, reason);
  }) as ServerResponse['writeHead'];
}

function headerEntries(headers: unknown): [string, string | number | readonly string[]][] {
  if (!headers) return [];
  if (!Array.isArray(headers)) return Object.entries(headers as OutgoingHttpHeaders).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined);
  // Either [[name, value], …] or a flat [name, value, name, value, …]; a repeated name (Set-Cookie) keeps every value.
  const pairs: [string, string][] = headers.every((entry) => Array.isArray(entry))
    ? (headers as [unknown, unknown][]).map(([name, value]) => [String(name), String(value)])
    : Array.from({ length: Math.floor(headers.length / 2) }, (_, index) => [String(headers[2 * index]), String(headers[2 * index + 1])]);
  const grouped = new Map<string, string[]>();
  for (const [name, value] of pairs) grouped.set(name.toLowerCase(), [...(grouped.get(name.toLowerCase()) ?? []), value]);
  return [...grouped].map(([name, values]) => [name, values.length === 1 ? values[0]! : values]);
}
