/**
 * The Quickstart works as written: its curl commands, copied from the page, run in order against
 * the local sandbox server started exactly as the page says (`npm run sandbox -- --version V`),
 * and get the answers the page describes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markdownToMdast } from 'satteri';

const ROOT = join(import.meta.dirname, '../../..');
const PAGE_ORIGIN = 'http://127.0.0.1:4010';

interface Curl {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The shell code blocks of a Markdown page, directives included. */
function shellBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  const walk = (node: { type: string; lang?: string | null; value?: string; children?: unknown[] }): void => {
    if (node.type === 'code' && ['sh', 'bash', 'shell'].includes(node.lang ?? '')) blocks.push(node.value ?? '');
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(markdownToMdast(markdown, { features: { directive: true } }) as Parameters<typeof walk>[0]);
  return blocks;
}

/** Each `curl` command of the blocks, as a request; an option this reader does not know fails the test. */
function curls(blocks: string[]): Curl[] {
  const commands = blocks.flatMap((block) => block.replace(/\\\n/g, ' ').split('\n')).filter((line) => /^\s*curl\s/.test(line));
  return commands.map((command) => {
    const tokens = [...command.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((match) => match[1] ?? match[2]?.replace(/\\(.)/g, '$1') ?? match[3]!);
    const curl: Curl = { method: 'GET', url: '', headers: {} };
    for (let index = 1; index < tokens.length; index++) {
      const token = tokens[index]!;
      if (token === '-X') curl.method = tokens[++index]!;
      else if (token === '-H') {
        const [name, ...value] = tokens[++index]!.split(':');
        curl.headers[name!.trim()] = value.join(':').trim();
      } else if (token === '-d') {
        curl.body = tokens[++index]!;
        if (curl.method === 'GET') curl.method = 'POST';
      } else if (/^https?:\/\//.test(token)) curl.url = token;
      else throw new Error(`The Quickstart's curl uses \`${token}\`, which this test does not read: ${command}`);
    }
    return curl;
  });
}

let server: ChildProcess | undefined;
afterEach(() => {
  server?.kill('SIGTERM');
  server = undefined;
});

/** `npm run sandbox -- --version V --port 0` (the script npm runs), resolved with the origin it prints. */
function startSandbox(version: string): Promise<string> {
  server = spawn(process.execPath, ['src/cli/caravan-docs.js', 'sandbox', '--version', version, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const started = server;
  return new Promise((resolve, reject) => {
    let output = '';
    started.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const origin = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (origin) resolve(origin);
    });
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.on('exit', (code) => reject(new Error(`npm run sandbox exited with ${code}:\n${output}`)));
  });
}

describe.each(['1.2', '1.1', '2.0-beta'])('the %s Quickstart, run as written', (version) => {
  const page = readFileSync(join(ROOT, 'content', version, 'quickstart.md'), 'utf8');
  const requests = curls(shellBlocks(page));

  it('starts the local sandbox of its own version before the first request', () => {
    expect(shellBlocks(page)[0]).toBe(`npm run sandbox -- --version ${version}`);
    expect(requests.length).toBeGreaterThan(5);
    for (const request of requests) expect(request.url.startsWith(`${PAGE_ORIGIN}/`), request.url).toBe(true);
  });

  it('gets the answers the page shows from the started server', async () => {
    const origin = await startSandbox(version);
    const answers: Array<{ status: number; body: string }> = [];
    for (const request of requests) {
      const response = await fetch(request.url.replace(PAGE_ORIGIN, origin), { method: request.method, headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) });
      answers.push({ status: response.status, body: await response.text() });
    }
    // Reset; list forming; add a lot; weigh, seal, load; list ready; dispatch; dispatch a caravan that is not ready.
    expect(answers.map((answer) => answer.status)).toEqual([204, 200, 201, 200, 200, 200, 200, 200, 409]);
    expect(JSON.parse(answers[1]!.body).items.map((caravan: { id: string }) => caravan.id)).toContain('car_003');
    expect(JSON.parse(answers[2]!.body)).toMatchObject({ id: 'lot_0018', unit: 'sack', inspection_status: 'not_required' });
    expect(JSON.parse(answers[6]!.body).items.map((caravan: { id: string }) => caravan.id)).toContain('car_003');
    expect(JSON.parse(answers[7]!.body)).toMatchObject({ status: 'dispatched', next_checkpoint: 'Bahariya Oasis' });
    expect(JSON.parse(answers[8]!.body)).toMatchObject({ code: 'dispatch_precondition_failed' });
  });
});
