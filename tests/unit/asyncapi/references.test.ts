import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEventDocument } from '../../../src/asyncapi/parse.ts';
import { DocsInputError } from '../../../src/config/errors.ts';

/** A 3.0 description whose message payload is the `$ref` given, written as YAML or as JSON. */
function description(ref: string, as: 'yaml' | 'json' = 'yaml'): string {
  const document = {
    asyncapi: '3.0.0',
    info: { title: 'Feed', version: '1' },
    channels: { feed: { address: 'feed', messages: { update: { payload: { $ref: ref } } } } },
    operations: { receiveUpdate: { action: 'receive', channel: { $ref: '#/channels/feed' } } },
  };
  if (as === 'json') return JSON.stringify(document, null, 2).replace('"$ref": "', '"\\u0024ref": "');
  return `asyncapi: 3.0.0
info: { title: Feed, version: '1' }
channels:
  feed:
    address: feed
    messages:
      update:
        payload:
          $ref: '${ref}'
operations:
  receiveUpdate:
    action: receive
    channel: { $ref: '#/channels/feed' }
`;
}

async function refusal(text: string, file = 'content/1.0/apis/feed/asyncapi.yml'): Promise<DocsInputError> {
  const error = await parseEventDocument(text, file).then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(DocsInputError);
  return error as DocsInputError;
}

describe('an AsyncAPI description reads no file or URL but itself', () => {
  // A file the build can read, holding a schema-shaped secret: the parser used to inline it into the pages.
  const secretFile = join(mkdtempSync(join(tmpdir(), 'asyncapi-ref-')), 'private.json');
  writeFileSync(secretFile, JSON.stringify({ type: 'object', description: 'private-bytes-from-another-file' }));

  it('refuses a reference to another file, naming the line, the pointer and the fix', async () => {
    const error = await refusal(description(secretFile));
    expect(error.line).toBe(9);
    expect(error.field).toBe('/channels/feed/messages/update/payload/$ref');
    expect(error.problem).toContain('outside this file');
    expect(error.hint).toContain('bundle');
    expect(error.message).not.toContain('private-bytes-from-another-file');
  });

  it('refuses a relative path and a file: URL alike', async () => {
    for (const ref of ['../../private.json', `file://${secretFile}`]) expect((await refusal(description(ref))).field).toBe('/channels/feed/messages/update/payload/$ref');
  });

  it('refuses a URL without fetching it', async () => {
    let requests = 0;
    const server = createServer((_, response) => {
      requests += 1;
      response.setHeader('content-type', 'application/json').end('{"type":"string"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await refusal(description(`http://127.0.0.1:${port}/schema.json`));
      expect(requests).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('sees a reference however the JSON spells its key', async () => {
    const text = description(secretFile, 'json');
    expect(text).toContain('\\u0024ref');
    expect((await refusal(text, 'content/1.0/apis/feed/asyncapi.json')).field).toBe('/channels/feed/messages/update/payload/$ref');
  });

  it('refuses one inside an example too, where the parser would follow it as well', async () => {
    const text = description('#/components/schemas/Update').replace('operations:', 'components:\n  schemas:\n    Update: { type: object }\n  messages:\n    sample:\n      examples:\n        - payload: { $ref: "other.json" }\noperations:');
    expect((await refusal(text)).field).toBe('/components/messages/sample/examples/0/payload/$ref');
  });

  it('takes references inside the file', async () => {
    const text = description('#/components/schemas/Update').replace('operations:', 'components:\n  schemas:\n    Update: { type: object, properties: { price: { type: number } } }\noperations:');
    const { document } = await parseEventDocument(text, 'content/1.0/apis/feed/asyncapi.yml');
    expect(JSON.stringify(document)).toContain('price');
  });
});

describe('the reference check reads the text as written', () => {
  it('takes a description that repeats one anchor more often than a YAML reader allows by default', async () => {
    const channels = Array.from({ length: 120 }, (_, index) => `  c${index}:\n    address: c${index}\n    messages:\n      m:\n        payload: ${index === 0 ? '&payload { type: object, properties: { id: { type: string } } }' : '*payload'}`).join('\n');
    const text = `asyncapi: 3.0.0\ninfo: { title: Many, version: '1' }\nchannels:\n${channels}\n`;
    const { api } = await parseEventDocument(text, 'content/1.0/apis/many/asyncapi.yml');
    expect(api.channels).toHaveLength(120);
  });

  it('sees a reference written through an alias, as key or as value', async () => {
    const viaValue = description('#/x').replace("$ref: '#/x'", '$ref: *outside').replace('info:', "x-where: &outside '/etc/hostname'\ninfo:");
    expect((await refusal(viaValue)).problem).toContain('`/etc/hostname`');
    const viaKey = description('#/x').replace("$ref: '#/x'", "*key : '/etc/hostname'").replace('info:', 'x-key: &key $ref\ninfo:');
    expect((await refusal(viaKey)).problem).toContain('`/etc/hostname`');
  });
});
