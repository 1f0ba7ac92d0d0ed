/**
 * `caravan-docs sandbox --api <id>` when `<id>` is an event API (`content/<version>/apis/<id>/asyncapi.yaml`):
 * its WebSocket servers as `ws://` endpoints on 127.0.0.1 (src/sandbox/node/events-server.ts), the
 * same engine as the browser's. The version is `--version`, else the first in config/versions.yml
 * that has an event API of that id.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEventApi } from '../asyncapi/parse.ts';
import { fillTemplate, parameterSample } from '../asyncapi/samples.ts';
import type { SiteModel } from '../model/types.ts';
import { versionEventApiSources } from '../openapi/openapi-fs.ts';
import { eventSandboxParts, eventValidators } from '../sandbox/build/event-runtime.ts';
import { createEventSandbox } from '../sandbox/core/events/sandbox.ts';
import { EMIT_PATH, startEventServer } from '../sandbox/node/events-server.ts';
import { CommandError } from './command-error.ts';
import { connectionBounds, webSocketBounds, type SandboxLimits } from './sandbox-limits.ts';

export interface EventSandboxCall {
  root: string;
  model: SiteModel;
  version?: string | undefined;
  api?: string | undefined;
  port: number;
  host?: string | undefined;
  allowedHosts?: readonly string[] | undefined;
  limits: SandboxLimits;
}

/** Starts the event sandbox when `--api` names an event API; false (nothing started) otherwise. */
export async function eventSandboxCommand(call: EventSandboxCall): Promise<boolean> {
  if (call.api === undefined) return false;
  const versions = call.version === undefined ? call.model.versions.map((entry) => entry.version.id) : [call.version];
  const version = versions.find((id) => versionEventApiSources(call.root, id).some((source) => source.id === call.api));
  const source = version === undefined ? undefined : versionEventApiSources(call.root, version).find((entry) => entry.id === call.api);
  if (version === undefined || source === undefined) return false;

  const api = await parseEventApi(readFileSync(join(call.root, source.file), 'utf8'), source.file);
  const parts = eventSandboxParts(api);
  if (api.servers.length > 0 && parts.api.servers.length === 0) {
    throw new CommandError(`API ${call.api} has no WebSocket server (its servers use ${[...new Set(api.servers.map((server) => server.protocol))].join(', ')}); the sandbox answers WebSocket (ws, wss) servers only.`, 1);
  }
  const sandbox = createEventSandbox({ api: parts.api, validators: eventValidators(parts) });
  const server = await startEventServer({ sandbox, port: call.port, siteOrigin: call.model.config.url, host: call.host, allowedHosts: call.allowedHosts, connections: call.limits.connections, websockets: call.limits.websockets });
  const http = server.origin.replace(/^ws:/, 'http:');
  const ids = (action: 'send' | 'receive') => parts.api.operations.filter((operation) => operation.action === action).map((operation) => operation.id);
  console.log(`Event sandbox for ${api.title} (${version}, API ${call.api}) listening on ${server.origin}`);
  for (const mount of server.mounts) {
    const under = server.endpoints.filter((endpoint) => endpoint.startsWith(`${server.origin}${mount.prefix}`));
    for (const endpoint of under) console.log(`  ${endpoint}${mount.server ? `  stands for  ${mount.server}${endpoint.slice(server.origin.length + mount.prefix.length)}` : '  (the description names no server)'}`);
  }
  console.log(`  clients send:  ${ids('send').join(', ') || '(nothing)'}`);
  if (ids('receive').length > 0) console.log(`  the API sends: ${ids('receive').join(', ')}; start one with curl -X POST '${http}${EMIT_PATH}?operation=${ids('receive')[0]}'`);
  // A URL that connects as printed: each `{parameter}` of the address filled as the pages' samples fill it, from its own channel.
  const first = server.endpoints[0] ?? server.origin;
  const channel = api.channels.find((candidate) => candidate.address !== undefined && candidate.address.length > 1 && first.endsWith(candidate.address));
  const sample = (name: string) => parameterSample(channel?.parameters ?? api.channels.flatMap((each) => each.parameters), name);
  console.log(`  try:           npx wscat -c ${fillTemplate(first, sample)}`);
  console.log(`  bounds: frames of at most ${sandbox.limits.frameBytes} bytes, ${sandbox.limits.framesPerSecond} a second per connection (bursts of ${sandbox.limits.burstFrames})`);
  console.log(`          ${webSocketBounds(call.limits.websockets)}; ${connectionBounds(call.limits.connections)}`);
  console.log(`  browsers may connect from ${new URL(call.model.config.url).origin} and from localhost pages only`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void server.close().finally(() => process.exit(0));
    });
  }
  return true;
}
