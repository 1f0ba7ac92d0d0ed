/**
 * Code samples in ten languages for a built request; pure. The code is written by the snippet
 * library `@scalar/snippetz` (one plugin per language, imported one by one so a bundle holds
 * only these); `har.ts` hands it the request and mends the few places where a plugin would not
 * send exactly that request. Reference pages render them at build time; in the browser this
 * module is loaded only when a reader asks for a language other than curl.
 */
import { csharpHttpclient } from '@scalar/snippetz/plugins/csharp/httpclient';
import { goNative } from '@scalar/snippetz/plugins/go/native';
import { javaNethttp } from '@scalar/snippetz/plugins/java/nethttp';
import { jsFetch } from '@scalar/snippetz/plugins/js/fetch';
import { nodeUndici } from '@scalar/snippetz/plugins/node/undici';
import { phpCurl } from '@scalar/snippetz/plugins/php/curl';
import { pythonRequests } from '@scalar/snippetz/plugins/python/requests';
import { rubyNative } from '@scalar/snippetz/plugins/ruby/native';
import { swiftNsurlsession } from '@scalar/snippetz/plugins/swift/nsurlsession';
import type { BuiltRequest } from './request.ts';
import { curlSample, isJsonBody, toHar } from './sample-curl.ts';
import { SAMPLE_LANGUAGES, type SampleLanguage } from './sample-languages.ts';

export { SAMPLE_LANGUAGES, type SampleLanguage };

/** A JSON string literal is also a valid Python string literal. */
const literal = (text: string) => JSON.stringify(text);

/** Python: the plugin names `requests` without importing it, and drops bodies that are neither JSON nor a form. */
function mendPython(code: string, request: BuiltRequest): string {
  let mended = code.startsWith('import requests') ? code : `import requests\n\n${code}`;
  if (request.body !== undefined && !/^ {4}(json|data)=/m.test(mended)) mended = mended.replace(/\n\)$/, `,\n    data=${literal(request.body)}.encode("utf-8"),\n)`);
  return mended;
}

/**
 * Ruby: the plugin writes a JSON body as an interpolating heredoc, where `#{…}` and backslash
 * escapes would change it, and which ends with a newline the console does not send.
 */
const mendRuby = (code: string) => code.replace(/= <<~JSON\n/, "= <<~'JSON'.chomp\n");

/** Java: a JSON body as a text block (Java 15) instead of one escaped line, so it stays readable. */
function mendJava(code: string, request: BuiltRequest): string {
  if (!isJsonBody(request)) return code;
  const block = `"""\n${request.body!.replaceAll('\\', '\\\\')}"""`;
  return code.replace(/^body\.write\(".*"\.getBytes\(/m, () => `body.write(${block}.getBytes(`);
}

/**
 * PHP: the plugin leaves out the opening tag a file needs, and writes any body that parses as
 * JSON as a `json_encode`d array. That is kept for JSON bodies without `{}` (an empty PHP array
 * encodes as `[]`); other bodies are sent as written, in a single-quoted string.
 */
function mendPhp(code: string, request: BuiltRequest): string {
  const opened = code.startsWith('<?php') ? code : `<?php\n\n${code}`;
  if (request.body === undefined || (isJsonBody(request) && !hasEmptyObject(JSON.parse(request.body)))) return opened;
  const quoted = `'${request.body.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  return opened.replace(/CURLOPT_POSTFIELDS, json_encode\([\s\S]*\]\)\);\n/, () => `CURLOPT_POSTFIELDS, ${quoted});\n`);
}

/** Whether a JSON value holds `{}` somewhere (PHP arrays cannot tell it from `[]`). */
function hasEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const items = Array.isArray(value) ? value : Object.values(value);
  return (!Array.isArray(value) && items.length === 0) || items.some(hasEmptyObject);
}

/**
 * Python: the plugin turns JSON's `true`, `false` and `null` into Python's with a regex that
 * also rewrites them inside strings (`"x: true, y"`); such a body is sent as its text instead.
 */
function pythonKeepsStrings(request: BuiltRequest): boolean {
  const strings: string[] = [];
  JSON.parse(request.body!, (key, value: unknown) => {
    strings.push(key);
    if (typeof value === 'string') strings.push(value);
    return value;
  });
  return !strings.some((text) => /: (true|false|null)(,|$)/m.test(text));
}

const PLUGINS: Readonly<Record<Exclude<SampleLanguage, 'curl'>, { plugin: typeof jsFetch; mend?: (code: string, request: BuiltRequest) => string }>> = {
  fetch: { plugin: jsFetch },
  node: { plugin: nodeUndici },
  python: { plugin: pythonRequests, mend: mendPython },
  go: { plugin: goNative },
  java: { plugin: javaNethttp, mend: mendJava },
  csharp: { plugin: csharpHttpclient },
  php: { plugin: phpCurl, mend: mendPhp },
  ruby: { plugin: rubyNative, mend: mendRuby },
  swift: { plugin: swiftNsurlsession },
};

export function sample(language: SampleLanguage, request: BuiltRequest): string {
  if (language === 'curl') return curlSample(request);
  const { plugin, mend } = PLUGINS[language];
  const jsonAsText = language === 'python' && isJsonBody(request) && !pythonKeepsStrings(request);
  const code = plugin.generate(toHar(request, { jsonAsText })).trimEnd();
  return mend ? mend(code, request) : code;
}
