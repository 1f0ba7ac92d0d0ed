/**
 * `caravan-docs sandbox [--version V] [--api ID] [--port N] [--host ADDRESS] [--allowed-hosts NAMES]`:
 * a version's sandbox on http://127.0.0.1:4010, for curl, SDKs and any HTTP client. It answers
 * for loopback names and its listening address only; `--allowed-hosts` adds the names clients use
 * in a container network (`--host 0.0.0.0 --allowed-hosts sandbox`). The site is `--root`, DOCS_ROOT or the
 * current folder; the version defaults to the first in config/versions.yml that has an OpenAPI
 * description, the API (`content/<version>/apis/<id>/`) to the version's first. Each
 * server of the description is served under its own path (`https://api.example.com/v1` under
 * `/v1`); base URLs follow `api:` in config/site.yml. Timeouts and connection caps come from the
 * front server's environment variables (sandbox-limits.ts).
 */
import { isIP } from 'node:net';
import { loadSite } from '../config/load.ts';
import { patternWarnings } from '../integration/check-descriptions.ts';
import { versionApiSources, versionEventApiSources } from '../openapi/openapi-fs.ts';
import { orderApis } from '../reference/api-order.ts';
import { loadVersionSandbox } from '../sandbox/node/load.ts';
import { DEFAULT_SANDBOX_HOST, DEFAULT_SANDBOX_PORT, RESET_PATH, startLocalServer } from '../sandbox/node/local-server.ts';
import { parseHost } from '../server/host.ts';
import { createSandbox } from '../sandbox/core/pipeline.ts';
import { commandArgs, siteFolder } from './args.ts';
import { eventSandboxCommand } from './sandbox-events.ts';
import { CommandError } from './command-error.ts';
import { connectionBounds, sandboxLimitsFrom } from './sandbox-limits.ts';

function fail(message: string): never {
  throw new CommandError(message);
}

export async function sandboxCommand(args: string[]): Promise<void> {
  const { values } = commandArgs(args, {
    root: { type: 'string' },
    port: { type: 'string', default: String(DEFAULT_SANDBOX_PORT) },
    version: { type: 'string' },
    api: { type: 'string' },
    host: { type: 'string', default: DEFAULT_SANDBOX_HOST },
    'allowed-hosts': { type: 'string', multiple: true, default: [] },
  });
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port ?? '') || !Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be an integer from 0 to 65535, not "${values.port}".`);
  const host = values.host ?? DEFAULT_SANDBOX_HOST;
  if (isIP(host) === 0 && host !== 'localhost') fail(`--host must be an IP address to listen on (127.0.0.1, or 0.0.0.0 in a container), not "${host}".`);
  const allowedHosts = allowedHostsFrom(values['allowed-hosts'] ?? []);
  const limits = sandboxLimitsFrom(process.env);

  const root = siteFolder(values.root);
  const { model } = loadSite(root);
  // An event API (asyncapi.yaml) is served as WebSocket endpoints instead (src/cli/sandbox-events.ts).
  if (await eventSandboxCommand({ root, model, version: values.version, api: values.api, port, host, allowedHosts, limits })) return;
  const described = model.versions.map((entry) => entry.version.id).filter((id) => versionApiSources(root, id).length > 0);
  // The event APIs a mistaken --api could have meant, named in the message.
  const eventIds = [...new Set(model.versions.flatMap((entry) => (values.version === undefined || values.version === entry.version.id ? versionEventApiSources(root, entry.version.id).map((source) => source.id) : [])))];
  const events = eventIds.length > 0 ? ` Event APIs: ${eventIds.join(', ')} (--api <id>).` : '';
  const version = values.version ?? described[0];
  if (version === undefined) fail(`no version of ${root} has an OpenAPI description (content/<version>/openapi.yaml).${events}`);
  if (!described.includes(version)) fail(`--version must be one of ${described.join(', ') || '(none)'}, not "${version}".${events}`);
  const apis = orderApis(versionApiSources(root, version), model.config.apis).map((source) => source.id);
  const api = values.api ?? apis[0]!;
  if (!apis.includes(api)) fail(apis[0] === '' ? `version ${version} has one OpenAPI description, which needs no --api, and no API "${api}".${events}` : `--api must be one of ${apis.join(', ')} (the folders of content/${version}/apis/), not "${api}".${events}`);

  const loaded = await loadVersionSandbox(root, version, { overrides: model.config.api, origin: model.config.url }, api);
  const sandbox = await startLocalServer({ sandbox: createSandbox({ api: loaded.api, validators: loaded.validators, extension: loaded.extension }), port, siteOrigin: model.config.url, host, allowedHosts, connections: limits.connections });
  const first = loaded.api.operations.find((operation) => operation.method === 'get' && !operation.path.includes('{'));
  const mount = (base: string) => sandbox.mounts.find((candidate) => candidate.base === base)?.prefix ?? '';
  console.log(`Sandbox for ${loaded.api.title} (${version}${api ? `, API ${api}` : ''}${loaded.extensionFile ? `, rules from ${loaded.extensionFile}` : ''}) listening on ${sandbox.origin}`);
  for (const { prefix, base } of sandbox.mounts) console.log(`  ${sandbox.origin}${prefix || '/'}  stands for  ${base}`);
  if (first) console.log(`  try:           curl ${sandbox.origin}${mount(first.baseUrl)}${first.path}`);
  for (const warning of patternWarnings(loaded.source, loaded.document)) console.warn(`  warning: ${warning.file} ${warning.message}`);
  const credentials = Object.values(loaded.api.schemes).filter((scheme) => scheme.credentials.length > 0);
  for (const scheme of credentials) console.log(`  credentials (${scheme.key}): ${scheme.credentials.join(', ')}`);
  console.log(`  reset the data: curl -X POST ${sandbox.origin}${RESET_PATH}`);
  console.log(`  browsers may call it from ${new URL(model.config.url).origin} and from localhost pages only`);
  console.log(`  it answers for the hosts ${sandbox.hosts.join(', ')} only (--allowed-hosts adds names)`);
  console.log(`  bounds: ${connectionBounds(limits.connections)}`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void sandbox.close().finally(() => process.exit(0));
    });
  }
}

/** `--allowed-hosts a,b --allowed-hosts c`: host names (a port, if given, is ignored); anything else stops the command. */
function allowedHostsFrom(values: readonly string[]): string[] {
  const names = values.flatMap((value) => value.split(',')).map((name) => name.trim()).filter(Boolean);
  for (const name of names) {
    if (!parseHost(name)) fail(`--allowed-hosts takes host names separated by commas (sandbox,api.local), and "${name}" is not one.`);
  }
  return names;
}
