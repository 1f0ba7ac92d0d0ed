// Code samples in ten languages (src/console/samples.ts, written by @scalar/snippetz): each one
// parses in its language where a checker is installed (python3, node, gofmt, php, ruby, java), and
// the ones that can run here send the console's request to a recording server: same method, URL,
// headers and body (the same bytes, or the same JSON value where the language writes JSON as its
// own literal). Checkers missing from the machine skip their cases (.ci/run installs them).
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest, MULTIPART_BOUNDARY, type BuiltRequest } from '../../../src/console/request.ts';
import { SAMPLE_LANGUAGES, sample, type SampleLanguage } from '../../../src/console/samples.ts';
import { toConsoleSpec } from '../../../src/console/spec.ts';
import { describeApi, requireOperation } from '../../../src/openapi/describe.ts';
import { loadVersionApi, readOpenApi } from '../../../src/openapi/openapi-fs.ts';
import { exampleRequest } from '../../../src/reference/example-request.ts';

const ROOT = join(import.meta.dirname, '../../..');
const has = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const tools = {
  python: has('python3', ['-c', 'import requests']),
  go: has('go', ['version']),
  gofmt: spawnSync('gofmt', ['-e'], { input: 'package main\n' }).status === 0,
  php: has('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);']),
  ruby: has('ruby', ['-e', '1']),
  // Java runs a source file only with the compiler module (a JDK, not a bare JRE).
  java: spawnSync('java', ['--list-modules'], { encoding: 'utf8' }).stdout?.includes('jdk.compiler') ?? false,
  curl: has('curl', ['--version']),
};

/** A JSON body with everything a language literal could get wrong. */
const TRICKY = {
  commodity: "Rose water, 'finest' \"grade\"",
  label: 'flags: true, false',
  note: 'back`tick ${x} #{y} %s \\ end\nsecond line\ttab',
  unicode: 'ünï « » 漢字 😀',
  small: 1e-7,
  price: 320.5,
  fragile: false,
  notes: null,
  tags: ['a', 'b'],
  nested: { empty: {}, list: [] },
};

const api = loadVersionApi(ROOT, '1.2', { origin: 'https://docs.caravan.example' })!;
const weather = describeApi(readOpenApi(ROOT, 'tests/fixtures/openapi/security-schemes.yaml'), { source: 'security-schemes.yaml' });
const spec = (id: string, base: string) => ({ ...toConsoleSpec(requireOperation(api, id), { version: '1.2', document: api.document }), baseUrl: base });

/** The requests the samples are checked with: credentials in each place a scheme can put them, and each kind of body. */
function requests(base: string): Array<[string, BuiltRequest]> {
  const header = (headers: Array<[string, string]>, body: string, type = 'application/json'): BuiltRequest => ({ method: 'POST', url: `${base}/v1/items/it%20em?q=a+b%26c&dry_run=true`, headers: [...headers, ['Content-Type', type]], body });
  return [
    ['API key header, JSON body', header([['X-API-Key', 'key-123']], JSON.stringify(TRICKY, null, 2))],
    ['bearer, JSON body from the console', buildRequest(spec('addCargoLot', `${base}/v1`), { params: { caravanId: 'car_010' }, bodyText: JSON.stringify(TRICKY, null, 2) }, 'sandbox-trader')],
    ['basic, JSON body typed by hand', header([['Authorization', 'Basic dXNlcjpwYXNz']], '{"compact":true,"n":[1,2]}')],
    ['API key cookie, form body', header([['Cookie', 'session_key=abc']], 'a=1&b=two+words&c=%C3%BC', 'application/x-www-form-urlencoded')],
    ['multipart body', header([], `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nn\r\n--${MULTIPART_BOUNDARY}--\r\n`, `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`)],
    ['text body starting with @', header([['X-API-Key', 'k']], '@not-a-file\nsecond "line" \\ $HOME', 'text/plain')],
    ['API key in the query, no body', { method: 'GET', url: `${base}/v1/items?api_key=%3Capi+key%3E&page=2`, headers: [] }],
    ['DELETE with a header parameter', { method: 'DELETE', url: `${base}/v1/items/1`, headers: [['Authorization', 'Bearer t'], ['Idempotency-Key', 'x-1']] }],
  ];
}

describe('code samples', () => {
  it('cover the ten languages, with readable JSON bodies and credentials where the scheme puts them', () => {
    expect(SAMPLE_LANGUAGES.map(({ label }) => label)).toEqual(['curl', 'JavaScript', 'Node.js', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby', 'Swift']);
    // Tricky strings aside (Go writes a body holding a backtick as an escaped string).
    const request: BuiltRequest = { ...requests('https://api.example.com')[0]![1], body: JSON.stringify({ commodity: "Rose water, 'finest'", quantity: 12, nested: { list: [] } }, null, 2) };
    const code = Object.fromEntries(SAMPLE_LANGUAGES.map(({ id }) => [id, sample(id, request)])) as Record<SampleLanguage, string>;
    // A JSON body is several lines of the language's own literal (or the JSON itself), never one escaped line.
    expect(code.fetch).toContain("  body: JSON.stringify({\n    commodity: 'Rose water,");
    expect(code.python).toContain('    json={\n      "commodity": "Rose water,');
    expect(code.php).toContain("json_encode([\n  'commodity' => 'Rose water,");
    for (const id of ['curl', 'go', 'java', 'csharp', 'ruby', 'swift'] as const) expect(code[id], id).toContain('\n  "commodity": "Rose water,');
    for (const id of SAMPLE_LANGUAGES.map(({ id }) => id)) expect(code[id], id).toMatch(/X-API-Key['"]?(: |", "|' => '|=> |\] = ')?['"]?key-123|"key-123", forHTTPHeaderField: "X-API-Key"|X-API-Key: key-123/);
    const reference = exampleRequest(requireOperation(weather, 'listMeasurements'));
    for (const { id } of SAMPLE_LANGUAGES) expect(sample(id, reference), id).toContain('api_key=%3Capi+key%3E');
  });

  it('a body that starts with @ is sent, not read from a file (curl --data-raw)', () => {
    expect(sample('curl', requests('http://x')[5]![1])).toContain("--data-raw '@not-a-file");
  });

  it('Python sends a JSON body whose strings hold ": true," as its text (the plugin would rewrite them)', () => {
    const request: BuiltRequest = { method: 'POST', url: 'http://x/y', headers: [['Content-Type', 'application/json']], body: JSON.stringify({ a: 'x: true, y', b: true }, null, 2) };
    const code = sample('python', request);
    expect(code).not.toContain('True');
    expect(code).toContain(`data=${JSON.stringify(request.body)}.encode("utf-8"),`);
    expect(sample('python', { ...request, body: '{\n  "b": true\n}' })).toContain('"b": True');
  });

  it('PHP sends a JSON body holding an empty object as its text (a PHP array would send [] for {})', () => {
    const [, request] = requests('http://x')[0]!;
    expect(sample('php', request)).toContain(`CURLOPT_POSTFIELDS, '{\n  "commodity"`);
    expect(sample('php', { ...request, body: '{\n  "a": [\n    1\n  ]\n}' })).toContain("json_encode([\n  'a' => [");
  });
});

/** Each language's syntax checker: the command for a file holding the sample. */
const CHECKERS: Array<{ id: SampleLanguage; file: string; tool: boolean; check: (file: string) => [string, string[]] }> = [
  { id: 'fetch', file: 'sample.mjs', tool: true, check: (file) => [process.execPath, ['--check', file]] },
  { id: 'node', file: 'sample.mjs', tool: true, check: (file) => [process.execPath, ['--check', file]] },
  { id: 'python', file: 'sample.py', tool: spawnSync('python3', ['--version']).status === 0, check: (file) => ['python3', ['-m', 'py_compile', file]] },
  { id: 'go', file: 'main.go', tool: tools.gofmt, check: (file) => ['gofmt', ['-e', '-l', file]] },
  { id: 'php', file: 'sample.php', tool: has('php', ['-v']), check: (file) => ['php', ['-l', file]] },
  { id: 'ruby', file: 'sample.rb', tool: tools.ruby, check: (file) => ['ruby', ['-c', file]] },
  { id: 'java', file: 'Main.java', tool: tools.java, check: (file) => ['java', [file]] },
];

/** Java snippets are statements: the check and the run put them in a class. */
const javaProgram = (code: string) =>
  `import java.net.http.HttpClient;\nimport java.net.http.HttpRequest;\nimport java.net.http.HttpResponse;\npublic class Main {\n  public static void main(String[] args) throws Exception {\n${code}\n  }\n}\n`;

describe('every sample parses in its language', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caravan-samples-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Every operation of the default site's description, and the edge cases above.
  const all: Array<[string, BuiltRequest]> = [...requests('http://127.0.0.1:9'), ...api.operations.filter((ref) => ref.kind === 'path').map((ref) => { const operation = requireOperation(api, ref.operationId ?? `${ref.method.toUpperCase()} ${ref.path}`); return [operation.operationId, exampleRequest(operation)] as [string, BuiltRequest]; })];

  for (const checker of CHECKERS) {
    it.skipIf(!checker.tool)(`${checker.id}: ${[checker.check('FILE')[0].replace(process.execPath, 'node'), ...checker.check('FILE')[1]].join(' ')}`, () => {
      const failures: string[] = [];
      all.forEach(([name, request], index) => {
        // Java runs the file: only the edge cases (each run is a compile); the check is that it compiles, not that the call succeeds.
        if (checker.id === 'java' && index > 2) return;
        const folder = join(dir, `${checker.id}-${index}`);
        mkdirSync(folder, { recursive: true });
        const file = join(folder, checker.file);
        const code = sample(checker.id, request);
        writeFileSync(file, checker.id === 'java' ? javaProgram(code) : code);
        const [command, args] = checker.check(file);
        const result = spawnSync(command, args, { encoding: 'utf8', timeout: 60_000 });
        const compiled = checker.id === 'java' ? !/error:/.test(result.stderr) : result.status === 0;
        if (!compiled) failures.push(`${name}: ${result.stderr || result.stdout}\n${code}`);
      });
      expect(failures).toEqual([]);
    }, 180_000);
  }
});

const run = promisify(execFile);

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('the samples that can run here send the console\'s request', () => {
  let server: Server;
  let base = '';
  const received: Received[] = [];
  const dir = mkdtempSync(join(ROOT, 'node_modules', '.caravan-samples-'));
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const RUNNERS: Array<{ id: SampleLanguage; tool: boolean; file: string; run: (file: string) => [string, string[]] }> = [
    { id: 'curl', tool: tools.curl, file: 'sample.sh', run: (file) => ['sh', [file]] },
    { id: 'fetch', tool: true, file: 'fetch.mjs', run: (file) => [process.execPath, [file]] },
    { id: 'node', tool: true, file: 'node.mjs', run: (file) => [process.execPath, [file]] },
    { id: 'python', tool: tools.python, file: 'sample.py', run: (file) => ['python3', [file]] },
    { id: 'php', tool: tools.php, file: 'sample.php', run: (file) => ['php', [file]] },
    { id: 'ruby', tool: tools.ruby, file: 'sample.rb', run: (file) => ['ruby', [file]] },
    { id: 'go', tool: tools.go, file: 'main.go', run: (file) => ['go', ['run', file]] },
    { id: 'java', tool: tools.java, file: 'Main.java', run: (file) => ['java', [file]] },
  ];

  for (const runner of RUNNERS) {
    it.skipIf(!runner.tool)(`${runner.id}`, async () => {
      // Go and Java compile for each run: the first request only (API key and a tricky JSON body), the others all of them.
      const cases = requests(base).slice(0, runner.id === 'go' || runner.id === 'java' ? 1 : undefined);
      for (const [index, [name, request]] of cases.entries()) {
        const folder = join(dir, `${runner.id}-${index}`);
        mkdirSync(folder, { recursive: true });
        const file = join(folder, runner.file);
        const code = sample(runner.id, request);
        writeFileSync(file, runner.id === 'java' ? javaProgram(code) : code);
        received.length = 0;
        const [command, args] = runner.run(file);
        // Asynchronously: the recording server answers from this process.
        const result = await run(command, args, { timeout: 120_000, env: { ...process.env, GOCACHE: join(tmpdir(), 'caravan-samples-gocache') } }).catch((error: { stderr?: string; message: string }) => ({ stderr: error.stderr ?? error.message }));
        expect(received, `${name}: ${result.stderr}`).toHaveLength(1);
        const got = received[0]!;
        expect(got.method, name).toBe(request.method);
        expect(`${base}${got.url}`, name).toBe(request.url);
        for (const [header, value] of request.headers) expect(got.headers[header.toLowerCase()], `${name}: ${header}`).toBe(value);
        const json = request.headers.some(([header, value]) => header === 'Content-Type' && value === 'application/json');
        if (json) expect(JSON.parse(got.body), name).toEqual(JSON.parse(request.body!));
        else expect(got.body, name).toBe(request.body ?? '');
      }
    }, 300_000);
  }
});
