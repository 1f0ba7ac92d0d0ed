/**
 * `api.partnersBaseUrl`, deprecated: it replaced every server an operation (or its path item)
 * declares for itself. It is read as the `api.servers` entries it stands for, so the engine knows
 * only `servers`, and the build warns with the exact lines to write instead. Pure.
 */
import { listOperations } from '../openapi/operations.ts';
import { operationServers } from '../openapi/servers.ts';
import type { OpenApiInput } from '../openapi/types.ts';

export interface ApiKeys {
  baseUrl?: string | undefined;
  partnersBaseUrl?: string | undefined;
  servers: Record<string, string>;
  sendToRealApi: boolean;
}

export interface Migrated {
  /** `api:` with the deprecated key turned into `servers` entries (entries already written win). */
  api: Omit<ApiKeys, 'partnersBaseUrl'>;
  /** The warning to print, naming the lines to write; undefined when the key is absent. */
  warning: string | undefined;
}

/** Server URLs operations declare for themselves (as the description writes them), in document order. */
export function ownServerUrls(documents: readonly OpenApiInput[]): string[] {
  const urls = new Set<string>();
  for (const document of documents) {
    for (const ref of listOperations(document)) {
      const { servers, own } = operationServers(document, ref);
      if (own) for (const server of servers) urls.add(server.url);
    }
  }
  return [...urls];
}

export function migratePartnersBaseUrl(api: ApiKeys, ownServers: readonly string[]): Migrated {
  const { partnersBaseUrl, ...rest } = api;
  if (partnersBaseUrl === undefined) return { api: rest, warning: undefined };
  const added = ownServers.filter((url) => api.servers[url] === undefined);
  const servers = { ...Object.fromEntries(added.map((url) => [url, partnersBaseUrl])), ...api.servers };
  const lines = ['api:', '  servers:', ...Object.entries(servers).map(([from, to]) => `    ${JSON.stringify(from)}: ${to}`)];
  const effect = ownServers.length === 0
    ? 'No operation of any version declares a server of its own, so it changes nothing: remove it.'
    : `It replaces the servers operations declare for themselves; name each one under \`api.servers\` instead. Write:\n${lines.join('\n')}\nand remove \`partnersBaseUrl\`.`;
  return { api: { ...rest, servers }, warning: `\`api.partnersBaseUrl\` is deprecated and will be removed. ${effect}` };
}
