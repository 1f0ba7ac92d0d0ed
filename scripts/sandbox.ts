/**
 * `npm run sandbox [-- --port N]`: the trading sandbox on http://127.0.0.1:4010.
 *   curl -H 'Authorization: Bearer sandbox-trader' http://127.0.0.1:4010/v1/caravans
 * API base URLs come from config/site.yml (`api.baseUrl`, `api.partnersBaseUrl`) when present.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import type { ApiBases } from '../src/mocks/api-bases.ts';
import { DEFAULT_SANDBOX_PORT, RESET_PATH, startLocalServer } from '../src/mocks/local-server.ts';
import { readOpenApiFile } from '../src/mocks/openapi/read-openapi-file.ts';

function configuredBases(path = 'config/site.yml'): Partial<ApiBases> {
  if (!existsSync(path)) return {};
  const site = parse(readFileSync(path, 'utf8')) as { api?: Partial<Record<keyof ApiBases, unknown>> } | null;
  const bases: Partial<ApiBases> = {};
  if (typeof site?.api?.baseUrl === 'string') bases.baseUrl = site.api.baseUrl;
  if (typeof site?.api?.partnersBaseUrl === 'string') bases.partnersBaseUrl = site.api.partnersBaseUrl;
  return bases;
}

const { values } = parseArgs({ options: { port: { type: 'string', default: String(DEFAULT_SANDBOX_PORT) } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`sandbox: --port must be an integer from 0 to 65535, not "${values.port}".`);
  process.exit(2);
}

const sandbox = await startLocalServer({ openapi: readOpenApiFile(), port, ...configuredBases() });
console.log(`Caravan sandbox listening on ${sandbox.origin}
  main interface:    ${sandbox.origin}/v1   (try: curl -H 'Authorization: Bearer sandbox-trader' ${sandbox.origin}/v1/caravans)
  partner interface: ${sandbox.origin}/v2
  reset the data:    curl -X POST ${sandbox.origin}${RESET_PATH}
  tokens: sandbox-trader (read/write v1), sandbox-viewer (read v1), sandbox-partner (publish v2)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().finally(() => process.exit(0));
  });
}
