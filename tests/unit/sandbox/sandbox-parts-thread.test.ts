import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forgetOpenApi, openApiTextDigest, readOpenApi } from '../../../src/openapi/openapi-fs.ts';
import { compileSandbox, sandboxParts } from '../../../src/integration/sandbox-parts.ts';
import { partsThread } from '../../../src/integration/sandbox-parts-thread.ts';

// The browser sandbox's parts made on a thread of their own while the build goes on: they must be
// the very parts the build's own thread would make, and a thread that cannot make them must say so.
const PROJECT_ROOT = join(import.meta.dirname, '../../..');
const settings = { overrides: {}, origin: 'https://docs.caravan.example' };

const root = mkdtempSync(join(tmpdir(), 'caravan-parts-thread-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('sandbox parts made on a thread', () => {
  it('are the parts made in process, byte for byte, with the digest of the text they came from', async () => {
    const file = 'content/1.2/openapi.yaml';
    const thread = partsThread({ docsRoot: PROJECT_ROOT, settings, apis: [{ key: '1.2', file }] });
    const made = await thread.parts('1.2');
    forgetOpenApi(PROJECT_ROOT, file);
    const document = readOpenApi(PROJECT_ROOT, file);
    expect(made?.textDigest).toBe(openApiTextDigest(PROJECT_ROOT, file));
    const inProcess = sandboxParts(compileSandbox(document, settings), 'version 1.2');
    expect(made!.parts.parts.length).toBeGreaterThan(3);
    expect(made!.parts).toEqual(inProcess);
  });

  it('gives nothing for an API it could not make, and the others still come', async () => {
    mkdirSync(join(root, 'content/1.0'), { recursive: true });
    writeFileSync(join(root, 'content/1.0/openapi.yaml'), 'openapi: 3.1.0\ninfo: { title: Ping, version: "1" }\npaths:\n  /ping:\n    get:\n      operationId: ping\n      responses:\n        "200": { description: Pong }\n');
    const thread = partsThread({ docsRoot: root, settings, apis: [{ key: '0.9', file: 'content/0.9/openapi.yaml' }, { key: '1.0', file: 'content/1.0/openapi.yaml' }] });
    expect(await thread.parts('0.9')).toBeUndefined();
    expect((await thread.parts('1.0'))?.parts.api.operations.map((operation) => operation.id)).toEqual(['ping']);
    // Not asked for: nothing to wait on.
    expect(await thread.parts('2.0')).toBeUndefined();
  });

  it('gives nothing once stopped', async () => {
    const thread = partsThread({ docsRoot: PROJECT_ROOT, settings, apis: [{ key: '1.2', file: 'content/1.2/openapi.yaml' }] });
    thread.stop();
    expect(await thread.parts('1.2')).toBeUndefined();
  });
});
