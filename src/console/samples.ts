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

export function fetchSample(request: BuiltRequest): string {
  const options = [`  method: ${literal(request.method)},`];
  if (request.headers.length > 0) {
    options.push('  headers: {', ...request.headers.map(([name, value]) => `    ${literal(name)}: ${literal(value)},`), '  },');
  }
  if (request.body !== undefined) options.push(`  body: ${literal(request.body)},`);
  return [
    `const response = await fetch(${literal(request.url)}, {`,
    ...options,
    '});',
    'console.log(response.status, await response.text());',
  ].join('\n');
}

export function pythonSample(request: BuiltRequest): string {
  const args = [`    ${literal(request.method)},`, `    ${literal(request.url)},`];
  if (request.headers.length > 0) {
    args.push('    headers={', ...request.headers.map(([name, value]) => `        ${literal(name)}: ${literal(value)},`), '    },');
  }
  if (request.body !== undefined) args.push(`    data=${literal(request.body)}.encode("utf-8"),`);
  return ['import requests', '', 'response = requests.request(', ...args, ')', 'print(response.status_code, response.text)'].join('\n');
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
