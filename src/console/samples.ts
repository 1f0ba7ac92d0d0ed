/** Code samples (curl, fetch, Python requests) for a built request; pure. They send exactly the request the console sends. */
import type { BuiltRequest } from './request.ts';

export type SampleLanguage = 'curl' | 'fetch' | 'python';

export const SAMPLE_LANGUAGES: ReadonlyArray<{ id: SampleLanguage; label: string }> = [
  { id: 'curl', label: 'curl' },
  { id: 'fetch', label: 'JavaScript fetch' },
  { id: 'python', label: 'Python requests' },
];

/** A POSIX shell single-quoted word. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export function curlSample(request: BuiltRequest): string {
  const lines = [`curl -X ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body !== undefined) lines.push(`  --data-raw ${shellQuote(request.body)}`);
  return lines.join(' \\\n');
}

/** A JSON string literal is also a valid JavaScript and Python string literal. */
const literal = (text: string) => JSON.stringify(text);

/**
 * A JSON body the samples can write as an object: one that `JSON.stringify(value, null, 2)`
 * gives back byte for byte (what the console's editor and the reference write). Other bodies
 * (typed by hand, form-encoded, XML) are written as strings, so samples never change a byte.
 */
function jsonBody(request: BuiltRequest): { value: unknown } | undefined {
  const type = request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  if (request.body === undefined || !/json/i.test(type) || request.body.includes('"__proto__"')) return undefined;
  try {
    const value = JSON.parse(request.body) as unknown;
    return typeof value === 'object' && value !== null && JSON.stringify(value, null, 2) === request.body ? { value } : undefined;
  } catch {
    return undefined;
  }
}

/** A JavaScript template literal: multi-line text stays readable (carriage returns escaped, as a template would drop them). */
const templateLiteral = (text: string) => `\`${text.replaceAll('\\', '\\\\').replaceAll('`', '\\`').replaceAll('${', '\\${').replaceAll('\r', '\\r')}\``;

export function fetchSample(request: BuiltRequest): string {
  const json = jsonBody(request);
  const options = [`  method: ${literal(request.method)},`];
  if (request.headers.length > 0) {
    options.push('  headers: {', ...request.headers.map(([name, value]) => `    ${literal(name)}: ${literal(value)},`), '  },');
  }
  if (json) options.push('  body: JSON.stringify(payload, null, 2),');
  else if (request.body !== undefined) options.push(`  body: ${request.body.includes('\n') ? templateLiteral(request.body) : literal(request.body)},`);
  return [
    ...(json ? [`const payload = ${JSON.stringify(json.value, null, 2)};`, ''] : []),
    `const response = await fetch(${literal(request.url)}, {`,
    ...options,
    '});',
    'console.log(response.status, await response.text());',
  ].join('\n');
}

/**
 * A JSON value as a Python literal, or undefined when Python's `json.dumps` would not write it
 * back the same (numbers in exponent form: `1e-07` against JavaScript's `1e-7`).
 */
function pythonLiteral(value: unknown, indent = ''): string | undefined {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return literal(value);
  if (typeof value === 'number') return /e/i.test(String(value)) ? undefined : String(value);
  const inner = `${indent}    `;
  const items = Array.isArray(value)
    ? value.map((item) => pythonLiteral(item, inner))
    : Object.entries(value as Record<string, unknown>).map(([name, item]) => {
        const written = pythonLiteral(item, inner);
        return written === undefined ? undefined : `${literal(name)}: ${written}`;
      });
  if (items.some((item) => item === undefined)) return undefined;
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return items.length === 0 ? `${open}${close}` : `${open}\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}${close}`;
}

export function pythonSample(request: BuiltRequest): string {
  const json = jsonBody(request);
  const payload = json && pythonLiteral(json.value);
  const args = [`    ${literal(request.method)},`, `    ${literal(request.url)},`];
  if (request.headers.length > 0) {
    args.push('    headers={', ...request.headers.map(([name, value]) => `        ${literal(name)}: ${literal(value)},`), '    },');
  }
  // indent=2 and ensure_ascii=False make json.dumps write what the console sends, byte for byte.
  if (payload !== undefined) args.push('    data=json.dumps(payload, indent=2, ensure_ascii=False).encode("utf-8"),');
  else if (request.body !== undefined) args.push(`    data=${literal(request.body)}.encode("utf-8"),`);
  return [
    ...(payload !== undefined ? ['import json', '', 'import requests', '', `payload = ${payload}`] : ['import requests']),
    '',
    'response = requests.request(',
    ...args,
    ')',
    'print(response.status_code, response.text)',
  ].join('\n');
}

export function sample(language: SampleLanguage, request: BuiltRequest): string {
  switch (language) {
    case 'curl':
      return curlSample(request);
    case 'fetch':
      return fetchSample(request);
    case 'python':
      return pythonSample(request);
  }
}
