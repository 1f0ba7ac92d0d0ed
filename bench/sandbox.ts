/**
 * Sandbox vs Prism: throughput and latency of `GET /v1/caravans` (trader token) on 127.0.0.1.
 * (Prism serves it as `/caravans`: it drops the base path of the document's server URL.)
 *   node bench/sandbox.ts [--duration 30] [--connections 10]
 * Starts our sandbox (`node scripts/sandbox.ts`, validating every request and keeping state)
 * and a Prism mock of the same OpenAPI file, then loads each in turn with autocannon and
 * prints requests/s, p50 and p99 for both and the ratio. Goal: the sandbox at 3x Prism or more.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
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
  options: { duration: { type: 'string', default: '30' }, connections: { type: 'string', default: '10' } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
if (!(duration > 0 && duration <= 120) || !(Number.isInteger(connections) && connections >= 1 && connections <= 100)) {
  console.error('bench/sandbox: --duration must be 1..120 seconds and --connections 1..100.');
  process.exit(2);
}

const HOST = '127.0.0.1';
/** Our server mounts v1 under /v1; Prism serves the paths of the document without the server's base path. */
const SANDBOX_PATH = '/v1/caravans';
const PRISM_PATH = '/caravans';
const HEADERS = { Authorization: 'Bearer sandbox-trader' };
const OPENAPI = 'content/1.2/openapi.yaml';

function start(command: string, args: string[]): ChildProcess {
  // Own process group, so stopping it also stops what npx started.
  return spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
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
  children.push(start(process.execPath, ['scripts/sandbox.ts', '--port', String(sandboxPort)]));
  children.push(start('npx', ['-y', '@stoplight/prism-cli@5', 'mock', '-h', HOST, '-p', String(prismPort), OPENAPI]));
  const sandboxOrigin = `http://${HOST}:${sandboxPort}`;
  const prismOrigin = `http://${HOST}:${prismPort}`;
  const sandboxUrl = `${sandboxOrigin}${SANDBOX_PATH}`;
  const prismUrl = `${prismOrigin}${PRISM_PATH}`;
  await waitUntilAnswering(sandboxUrl, 30_000);
  await waitUntilAnswering(prismUrl, 180_000);

  console.log(`GET /v1/caravans (trader token), ${connections} connections, ${duration} s each, one server at a time\n`);
  const ours = await measure('caravan sandbox', sandboxUrl);
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
