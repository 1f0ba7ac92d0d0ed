/**
 * The sign-in server under load: a gated page for a signed-in reader, and a static public page
 * beside it, on 127.0.0.1 with autocannon (bounded: --duration seconds each, --connections).
 *   node bench/auth.ts [--duration 30] [--connections 20]
 * Builds the default site with CARAVAN_DOCS_AUTH_ENABLED=true into bench/.output/auth, starts its
 * Node server, signs in as the demo partner through /api/auth (CSRF token, credentials callback),
 * then loads each page in turn. Goal: the gated page at >= 1,000 requests/s with p99 < 50 ms.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startNodeServer } from '../tests/e2e/support/node-server.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number; headers: Record<string, string> }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const { values } = parseArgs({ options: { duration: { type: 'string', default: '30' }, connections: { type: 'string', default: '20' }, 'reuse-build': { type: 'boolean', default: false } } });
const duration = Number(values.duration);
const connections = Number(values.connections);
if (!(duration > 0 && duration <= 120) || !(Number.isInteger(connections) && connections >= 1 && connections <= 100)) {
  console.error('bench/auth: --duration must be 1..120 seconds and --connections 1..100.');
  process.exit(2);
}

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'bench/.output/auth');
const GATED = '/1.2/partners/publishing-routes/';
const PUBLIC = '/1.2/guides/dispatch/';

if (!values['reuse-build']) {
  const build = spawnSync('npx', ['astro', 'build', '--outDir', OUT], { cwd: ROOT, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', CARAVAN_DOCS_AUTH_ENABLED: 'true' }, encoding: 'utf8' });
  if (build.status !== 0) {
    console.error(`bench/auth: the build failed:\n${build.stdout}\n${build.stderr}`);
    process.exit(1);
  }
}

// The e2e suite's own starter: a free port on 127.0.0.1, the test secret, and a wait until it listens.
const server = await startNodeServer(OUT, '/');
const origin = server.url.replace(/\/$/, '');

try {
  const cookie = await signIn('partner', 'caravan-partner-demo');
  // The page must really be the gated page, not a redirect to /login.
  const check = await fetch(`${origin}${GATED}`, { headers: { cookie }, redirect: 'manual' });
  if (check.status !== 200) throw new Error(`${GATED} answered ${check.status} for the signed-in partner.`);

  const rows: string[][] = [];
  for (const [label, path, headers] of [
    ['gated page, signed-in partner (on demand)', GATED, { cookie }],
    ['public page (static file)', PUBLIC, {}],
  ] as const) {
    const result = await autocannon({ url: `${origin}${path}`, connections, duration, headers });
    if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts.`);
    rows.push([label, path, result.requests.average.toFixed(0), String(result.latency.p50), String(result.latency.p99), (result.throughput.average / 1e6).toFixed(1)]);
  }
  console.log(`autocannon, ${connections} connections, ${duration} s each, 127.0.0.1:\n`);
  console.log('| Page | Path | Requests/s | p50 (ms) | p99 (ms) | MB/s |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  const gated = rows[0]!;
  const ok = Number(gated[2]) >= 1000 && Number(gated[4]) < 50;
  console.log(`\nGoal (gated page >= 1,000 requests/s, p99 < 50 ms): ${ok ? 'met' : 'NOT met'}.`);
} finally {
  await server.stop();
}

/** Signs in through Auth.js as a browser would and returns the session cookie. */
async function signIn(username: string, password: string): Promise<string> {
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: csrfCookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, username, password, callbackUrl: '/' }),
  });
  const session = response.headers.getSetCookie().find((value) => value.startsWith('authjs.session-token='));
  if (!session) throw new Error(`bench/auth: signing in as ${username} failed (${response.status}).`);
  return session.split(';')[0]!;
}
