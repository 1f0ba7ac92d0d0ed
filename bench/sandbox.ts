/**
 * Sandbox vs Prism: throughput and latency of one list operation on 127.0.0.1, for the default
 * site's description (`GET /v1/caravans`, trader token) or GitHub's REST description
 * (`--description github`: `GET /repos/{owner}/{repo}/issues`, from @octokit/openapi, served
 * from a docs root written under bench/.output with no extension: the generic engine).
 * (Prism serves paths without the base path of the document's server URL.)
 *   node bench/sandbox.ts [--duration 30] [--connections 10] [--description caravan|github]
 * Starts our sandbox (`caravan-docs sandbox`, validating every request and keeping state)
 * and a Prism mock of the same OpenAPI file, then loads each in turn with autocannon and
 * prints requests/s, p50 and p99 for both and the ratio. Goal: the sandbox at 3x Prism or more.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../tests/e2e/support/node-server.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '30' }, connections: { type: 'string', default: '10' }, description: { type: 'string', default: 'caravan' } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
if (!(duration > 0 && duration <= 120) || !(Number.isInteger(connections) && connections >= 1 && connections <= 100)) {
  console.error('bench/sandbox: --duration must be 1..120 seconds and --connections 1..100.');
  process.exit(2);
}

const HOST = '127.0.0.1';

interface Target {
  label: string;
  /** The docs root `npm run sandbox` serves (DOCS_ROOT), and its version. */
  docsRoot: string;
  version: string;
  /** The description Prism mocks. */
  openapi: string;
  sandboxPath: string;
  prismPath: string;
  headers: Record<string, string>;
}

/** A docs root holding GitHub's description as its only version (no extension: the generic engine). */
function githubRoot(): string {
  const root = join(import.meta.dirname, '.output/github-sandbox-root');
  mkdirSync(join(root, 'config'), { recursive: true });
  mkdirSync(join(root, 'content/v3'), { recursive: true });
  writeFileSync(join(root, 'config/site.yml'), 'title: GitHub REST\nurl: https://docs.github.example\n');
  writeFileSync(join(root, 'config/versions.yml'), '- { id: "v3", label: "v3", stable: true }\n');
  writeFileSync(join(root, 'content/v3/nav.yml'), '- slug: overview\n');
  writeFileSync(join(root, 'content/v3/overview.md'), '---\ntitle: Overview\n---\n\nGitHub REST.\n');
  copyFileSync(join(import.meta.dirname, '../node_modules/@octokit/openapi/generated/api.github.com.json'), join(root, 'content/v3/openapi.json'));
  return root;
}

const TARGETS: Record<string, () => Target> = {
  caravan: () => ({
    label: 'GET /v1/caravans (trader token)',
    docsRoot: join(import.meta.dirname, '..'),
    version: '1.2',
    openapi: 'content/1.2/openapi.yaml',
    sandboxPath: '/v1/caravans',
    prismPath: '/caravans',
    headers: { Authorization: 'Bearer sandbox-trader' },
  }),
  github: () => {
    const docsRoot = githubRoot();
    return {
      label: "GET /repos/{owner}/{repo}/issues on GitHub's description (1,223 operations)",
      docsRoot,
      version: 'v3',
      openapi: join(docsRoot, 'content/v3/openapi.json'),
      sandboxPath: '/repos/octocat/hello-world/issues?per_page=5',
      prismPath: '/repos/octocat/hello-world/issues?per_page=5',
      headers: { Authorization: 'Bearer any-token' },
    };
  },
};
const chosen = TARGETS[values.description ?? 'caravan'];
if (chosen === undefined) {
  console.error(`bench/sandbox: --description must be one of ${Object.keys(TARGETS).join(', ')}.`);
  process.exit(2);
}
const target = chosen();
const HEADERS = target.headers;

function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  // Own process group, so stopping it also stops what npx started.
  return spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'], detached: true, env: { ...process.env, ...env } });
}

function stop(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

async function waitUntilAnswering(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { headers: HEADERS, signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`bench/sandbox: ${url} did not answer 200 within ${timeoutMs / 1000} s.`);
}

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  failures: number;
}

async function measure(name: string, url: string): Promise<Figures> {
  await autocannon({ url, connections, duration: Math.min(3, duration), headers: HEADERS }); // warm-up
  const result = await autocannon({ url, connections, duration, headers: HEADERS });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

const children: ChildProcess[] = [];
const stopAll = () => children.forEach(stop);
process.once('SIGINT', () => {
  stopAll();
  process.exit(130);
});

try {
  const [sandboxPort, prismPort] = [await freePort(), await freePort()];
  children.push(start(process.execPath, ['src/cli/caravan-docs.js', 'sandbox', '--port', String(sandboxPort), '--version', target.version], { DOCS_ROOT: target.docsRoot }));
  children.push(start('npx', ['-y', '@stoplight/prism-cli@5', 'mock', '-h', HOST, '-p', String(prismPort), target.openapi]));
  const sandboxOrigin = `http://${HOST}:${sandboxPort}`;
  const prismOrigin = `http://${HOST}:${prismPort}`;
  const sandboxUrl = `${sandboxOrigin}${target.sandboxPath}`;
  const prismUrl = `${prismOrigin}${target.prismPath}`;
  await waitUntilAnswering(sandboxUrl, 60_000);
  await waitUntilAnswering(prismUrl, 180_000);

  console.log(`${target.label}, ${connections} connections, ${duration} s each, one server at a time\n`);
  const ours = await measure('caravan-docs sandbox', sandboxUrl);
  const prism = await measure('prism mock', prismUrl);
  const rows = [ours, prism].map((figures) => ({
    server: figures.name,
    'requests/s': Math.round(figures.requestsPerSecond),
    'p50 ms': figures.p50,
    'p99 ms': figures.p99,
    requests: figures.total,
    'non-2xx/errors': figures.failures,
  }));
  console.table(rows);
  const ratio = ours.requestsPerSecond / prism.requestsPerSecond;
  console.log(`ratio: ${ratio.toFixed(2)}x Prism's requests/s (goal >= 3x): ${ratio >= 3 ? 'met' : 'NOT met'}`);
  if (ours.failures > 0 || prism.failures > 0) console.log('warning: some responses were not 2xx; see the table.');
} finally {
  stopAll();
}
