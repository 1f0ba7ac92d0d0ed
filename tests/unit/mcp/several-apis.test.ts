import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// The MCP server over a version with two APIs (tests/fixtures/several-apis): read_operation and
// call_sandbox take `api`, and ask for it when a name or a call could mean either API.
const PROJECT_ROOT = join(import.meta.dirname, '../../..');
const SEVERAL = join(PROJECT_ROOT, 'tests/fixtures/several-apis');

type TextAnswer = { content: Array<{ text: string }>; structuredContent?: Record<string, unknown>; isError?: boolean };

describe('the MCP server over a version with several APIs', () => {
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as TextAnswer;
  beforeAll(async () => {
    const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const transport = new StdioClientTransport({ command: 'npx', args: ['--prefix', PROJECT_ROOT, 'node', join(PROJECT_ROOT, 'src/cli/caravan-docs.js'), 'mcp'], cwd: tmpdir(), env: { ...env, DOCS_ROOT: SEVERAL }, stderr: 'ignore' });
    client = new Client({ name: 'caravan-docs-tests', version: '1.0.0' });
    await client.connect(transport);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
  });

  test('read_operation names the API, and asks for it when both APIs have the operation', async () => {
    const both = await call('read_operation', { operation: 'getStatus' });
    expect(both.isError).toBe(true);
    expect(both.content[0]!.text).toBe('"getStatus" is an operation of 2 APIs of version v1 (public, admin): name one with `api`.');
    const admin = await call('read_operation', { operation: 'getStatus', api: 'admin' });
    expect(admin.content[0]!.text).toContain('`GET https://admin.notes.example/v1/status`');
    expect(admin.structuredContent).toMatchObject({ api: 'admin', slug: 'reference/admin/get-status' });
    // A name only one API has needs no `api`; a slug without the API's prefix works with it.
    expect((await call('read_operation', { operation: 'listUsers' })).structuredContent).toMatchObject({ api: 'admin' });
    expect((await call('read_operation', { operation: 'get-status', api: 'public' })).structuredContent).toMatchObject({ slug: 'reference/public/get-status' });
    const unknown = await call('read_operation', { operation: 'listUsers', api: 'billing' });
    expect(unknown.content[0]!.text).toBe('Version v1 has no API "billing". Its APIs: public, admin.');
  });

  test("call_sandbox calls the named API's sandbox, and asks which when there are several", async () => {
    const unnamed = await call('call_sandbox', { method: 'GET', path: '/status' });
    expect(unnamed.content[0]!.text).toBe('Version v1 has several APIs (public, admin): name the one to call with `api`.');
    const admin = await call('call_sandbox', { method: 'GET', path: '/status', api: 'admin' });
    expect(admin.structuredContent).toMatchObject({ status: 200 });
    expect(JSON.parse(admin.structuredContent!['body'] as string)).toEqual({ status: 'admin-ok' });
    const notes = await call('call_sandbox', { method: 'GET', path: '/status', api: 'public' });
    expect(JSON.parse(notes.structuredContent!['body'] as string)).toEqual({ status: 'notes-ok' });
    const users = await call('call_sandbox', { method: 'GET', path: '/users', api: 'admin', headers: { 'X-Admin-Key': 'admin-secret' } });
    expect(users.structuredContent).toMatchObject({ status: 200 });
  });

  test('list_pages lists every API with the id the tools take', async () => {
    const text = (await call('list_pages', {})).content[0]!.text;
    expect(text).toContain('[Notes API](https://docs.notes.example/v1/reference/public/) (slug `reference/public`)'.replace('[Notes API]', '[Notes API (API `public`)]'));
    expect(text).toContain('[Admin API (staff) (API `admin`)](https://docs.notes.example/v1/reference/admin/)');
  });
});
