import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './sites.ts';

/*
 * Issue 38's held-out site: public AsyncAPI examples (tests/fixtures/asyncapi, Apache-2.0, from
 * the AsyncAPI Initiative) and nothing of the sample. Version 1.0 holds Kraken (3.1, request and
 * reply, no servers), Gemini (2.6, a WebSocket server, a parameter with an enum) and the MQTT
 * streetlights (2.6); version 2.0 holds Kraken without its `unsubscribe` operation (its changelog
 * names the removal) and the AMQP RPC server (2.6, a reply).
 */
const fixture = (file: string) => readFileSync(join(PROJECT_ROOT, 'tests/fixtures/asyncapi', file), 'utf8');

/** Kraken without the operation `unsubscribe` (the operation only: its channel and messages stay). */
export function krakenWithoutUnsubscribe(): string {
  const text = fixture('kraken-3.1.yml');
  const start = text.indexOf('\n  unsubscribe:\n    action:');
  const end = text.indexOf('\ncomponents:', start);
  if (start < 0 || end < 0) throw new Error('kraken-3.1.yml changed: its unsubscribe operation is not where the site expects it');
  return text.slice(0, start) + text.slice(end);
}

export function writeEventApisSite(root: string): void {
  rmSync(root, { recursive: true, force: true });
  const overview = (version: string) => `---\ntitle: Overview\ndescription: Market and device feeds, version ${version}.\n---\n\nThe [event APIs](/${version}/reference/kraken/) of this version.\n`;
  const files: Record<string, string> = {
    'config/site.yml': 'title: Market Feeds\ndescription: Event APIs documented from their AsyncAPI descriptions alone.\nurl: https://docs.feeds.example\n',
    'config/versions.yml': '- { id: "2.0", label: "2.0", stable: true }\n- { id: "1.0", label: "1.0", stable: true }\n',
    'content/1.0/nav.yml': '- slug: overview\n',
    'content/1.0/overview.md': overview('1.0'),
    'content/1.0/apis/kraken/asyncapi.yml': fixture('kraken-3.1.yml'),
    'content/1.0/apis/gemini/asyncapi.yml': fixture('gemini-2.6.yml'),
    'content/1.0/apis/lights/asyncapi.yml': fixture('streetlights-mqtt-2.6.yml'),
    'content/2.0/nav.yml': '- slug: overview\n',
    'content/2.0/overview.md': overview('2.0'),
    'content/2.0/apis/kraken/asyncapi.yml': krakenWithoutUnsubscribe(),
    'content/2.0/apis/rpc/asyncapi.yml': fixture('rpc-server-2.6.yml'),
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
}
