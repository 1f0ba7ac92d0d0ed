// MCP benchmark: search_docs latency over Streamable HTTP with 20 concurrent SDK clients, over
// the default site (goal: p99 under 50 ms) and a generated 5,000-page site (goal: p99 under
// 100 ms), and the search index build time of one role set's view of 5,000 pages (goal: under
// 2 s). The server is the /mcp handler behind a plain Node HTTP server on 127.0.0.1, in a process
// of its own (a process serves one site's modules, and clients must not share its thread).
// Usage: node bench/mcp.ts
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import { cpus, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { writeLargeSite } from '../tests/e2e/support/large-site.ts';

const PROJECT_ROOT = join(import.meta.dirname, '..');
const CLIENTS = 20;
const SEARCHES_PER_CLIENT = 50;

interface ServerReport {
  port: number;
  docs: number;
  corpusMs: number;
  buildMs: number[];
  words: string[];
}

const [mode, docsRoot] = process.argv.slice(2);
if (mode === '--serve') await serve(docsRoot!);
else {
  const large = join(PROJECT_ROOT, 'tests/.output/bench-mcp-large');
  writeLargeSite(large, 50, 100);
  // Figures depend on what else the machine runs: say how busy it was.
  console.log(`${cpus().length} CPU cores; load average ${loadavg().map((load) => load.toFixed(1)).join(', ')} at start`);
  await measure(PROJECT_ROOT, 'default site', 50);
  await measure(large, '5,000-page site', 100);
}

/** Child: builds the corpus and the views (timed), serves /mcp, and reports on its first stdout line. */
async function serve(root: string): Promise<void> {
  const { registerSiteModules } = await import('../src/mcp/node-modules.ts');
  await registerSiteModules(root);
  const { siteCorpus } = await import('../src/mcp/site-source.ts');
  const { agentView } = await import('../src/mcp/view.ts');
  const { handleMcpRequest } = await import('../src/mcp/http.ts');
  let started = performance.now();
  const corpus = siteCorpus();
  const corpusMs = performance.now() - started;
  const buildMs: number[] = [];
  for (const reader of [undefined, { id: 'bench', name: 'Bench', roles: ['partner'] }, { id: 'bench2', name: 'Bench', roles: ['admin', 'partner'] }]) {
    started = performance.now();
    agentView(corpus, reader);
    buildMs.push(performance.now() - started);
  }
  const view = agentView(corpus, undefined);
  const options = { views: () => view, checkCredential: async () => ({ kind: 'anonymous' }) as const, sandbox: async () => undefined, loginOnly: false, siteOrigin: corpus.config.url, realm: 'bench', maxBodyBytes: corpus.config.security.bodyLimits.requests };
  const server = createServer(async (incoming, outgoing) => {
    // The server's own CPU time, so the figures can be read apart from what else the machine runs.
    if (incoming.url === '/cpu') return outgoing.end(JSON.stringify(process.cpuUsage()));
    const response = await handleMcpRequest(await toRequest(incoming), options);
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const words = queryWords(view.versions.flatMap((version) => version.docs.map((doc) => doc.title)));
  const report: ServerReport = { port: (server.address() as AddressInfo).port, docs: view.versions.reduce((sum, version) => sum + version.docs.length, 0), corpusMs, buildMs, words };
  console.log(JSON.stringify(report));
}

async function measure(root: string, name: string, goalMs: number): Promise<void> {
  const child = spawn(process.execPath, [import.meta.filename, '--serve', root], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the benchmark server for ${name} exited (${code})`)));
    });
    const report = JSON.parse(line) as ServerReport;
    const endpoint = new URL(`http://127.0.0.1:${report.port}/mcp`);
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const client = new Client({ name: 'bench', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(endpoint));
        return client;
      }),
    );
    const search = (client: Client, n: number) => client.callTool({ name: 'search_docs', arguments: { query: report.words[n % report.words.length]! } });
    for (const [index, client] of clients.entries()) await search(client, index); // warm-up
    const cpu = async () => {
      const { user, system } = (await (await fetch(`http://127.0.0.1:${report.port}/cpu`)).json()) as { user: number; system: number };
      return (user + system) / 1000;
    };
    const latencies: number[] = [];
    const cpuBefore = await cpu();
    const started = performance.now();
    await Promise.all(
      clients.map(async (client, index) => {
        for (let n = 0; n < SEARCHES_PER_CLIENT; n++) {
          const begin = performance.now();
          await search(client, index * SEARCHES_PER_CLIENT + n);
          latencies.push(performance.now() - begin);
        }
      }),
    );
    const wall = performance.now() - started;
    const cpuPerSearch = ((await cpu()) - cpuBefore) / (CLIENTS * SEARCHES_PER_CLIENT);
    await Promise.all(clients.map((client) => client.close()));
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    const largest = Math.max(...report.buildMs);
    console.log(`${name}: ${report.docs} documents (pages and API reference) in the anonymous view; corpus built in ${report.corpusMs.toFixed(0)} ms`);
    console.log(`  search index per role set: ${report.buildMs.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} (anonymous, partner, admin+partner)${report.docs >= 5000 ? `; goal < 2000 ms: ${largest < 2000 ? 'met' : 'NOT met'}` : ''}`);
    console.log(`  search_docs over HTTP, ${CLIENTS} concurrent clients x ${SEARCHES_PER_CLIENT}: p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, ${((latencies.length / wall) * 1000).toFixed(0)} searches/s; goal p99 < ${goalMs} ms: ${at(0.99) < goalMs ? 'met' : 'NOT met'}`);
    console.log(`  server CPU time per search: ${cpuPerSearch.toFixed(2)} ms (${CLIENTS} requests in flight on an otherwise idle core: p99 about ${(cpuPerSearch * CLIENTS).toFixed(0)} ms)`);
  } finally {
    child.kill();
  }
}

/** One- and two-word queries from the documents' titles. */
function queryWords(titles: readonly string[]): string[] {
  const words = [...new Set(titles.flatMap((title) => title.toLowerCase().split(/[^a-z0-9.]+/)).filter((word) => word.length > 2))];
  return words.flatMap((word, index) => [word, `${word} ${words[(index * 7 + 3) % words.length]}`]);
}

async function toRequest(incoming: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [key, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(key, value);
  return new Request(`http://127.0.0.1${incoming.url}`, { method: incoming.method, headers, ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}) });
}
