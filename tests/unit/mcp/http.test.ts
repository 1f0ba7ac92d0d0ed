import { describe, expect, test } from 'vitest';
import { agentTokensIn } from '../../../src/mcp/agent-tokens.ts';
import { createMemoryStore } from '../../../src/server/store/memory.ts';

/** A fresh in-memory store, as the server reads it (a getter). */
const memoryStore = () => {
  const store = createMemoryStore();
  return () => store;
};
import { createCredentialCheck } from '../../../src/mcp/credentials.ts';
import { loadSite } from '../../../src/config/load.ts';
import type { UserRecord } from '../../../src/config/schemas/users.ts';
import { handleMcpRequest, type McpHttpOptions } from '../../../src/mcp/http.ts';
import { sandboxPool } from '../../../src/mcp/sandbox-calls.ts';
import { agentViews } from '../../../src/mcp/view.ts';
import { loadVersionSandbox } from '../../../src/sandbox/node/load.ts';
import { answerText, AUTH_FIXTURE, fixtureCorpus, GATED_MARKERS, handlerClient } from './support.ts';

/** The auth fixture's users.yml, as the server has it. */
const FIXTURE_READERS = loadSite(AUTH_FIXTURE, {}).users;

function setup(env: Record<string, string> = {}, users: readonly UserRecord[] = FIXTURE_READERS) {
  const corpus = fixtureCorpus(env);
  const tokens = agentTokensIn(memoryStore());
  const options: McpHttpOptions = {
    views: agentViews(corpus),
    checkCredential: createCredentialCheck({ tokens, users, audiences: [] }),
    sandbox: sandboxPool(async (versionId) => {
      const loaded = await loadVersionSandbox(AUTH_FIXTURE, versionId, { overrides: corpus.config.api, origin: corpus.config.url });
      return { api: loaded.api, validators: loaded.validators, extension: loaded.extension };
    }),
    loginOnly: corpus.config.auth.enabled && corpus.config.auth.requireLogin,
    siteOrigin: corpus.config.url,
    realm: corpus.config.title,
    maxBodyBytes: 4096,
  };
  return { tokens, handle: (request: Request) => handleMcpRequest(request, options) };
}

const partner = { id: 'fixpartner', name: 'Fay Partner', roles: ['partner'] };

/**
 * Every read-only call an agent could make, with path tricks, and the answers' text. An answer may
 * repeat the caller's own words ("No page matches …"): those are taken out before the scan.
 */
async function everyAnswer(client: Awaited<ReturnType<typeof handlerClient>>): Promise<string> {
  const answers: string[] = [answerText(await client.listTools()), answerText(await client.listResources())];
  for (const resource of (await client.listResources()).resources) answers.push(answerText(await client.readResource({ uri: resource.uri })));
  const withoutEcho = (answer: unknown, input: string) => answerText(answer).split(JSON.stringify(input).slice(1, -1)).join('');
  for (const query of ['AUTHGATEDBODY', 'partner', 'Partner network', 'routes', 'open door', 'ops', 'admin']) answers.push(withoutEcho(await client.callTool({ name: 'search_docs', arguments: { query, allVersions: true, limit: 50 } }), query));
  for (const page of READ_TRICKS) answers.push(withoutEcho(await client.callTool({ name: 'read_page', arguments: { page } }), page));
  for (const operation of ['partners', 'ops', 'AUTHGATED']) answers.push(withoutEcho(await client.callTool({ name: 'read_operation', arguments: { operation } }), operation));
  answers.push(answerText(await client.callTool({ name: 'list_pages', arguments: {} })));
  answers.push(answerText(await client.callTool({ name: 'read_page', arguments: { page: 'x', version: 'nope' } })));
  return answers.join('\n');
}

const READ_TRICKS = ['partners', 'partners/routes', '/1.0/partners/routes/', '/1.0/partners/routes.md', '/1.0/partners%2Froutes/', '/1.0/Partners/', '/1.0/partners/open-door/', 'ops', '/1.0/ops.md', '/1.0/guide/../ops/', 'https://docs.auth-fixture.example/1.0/%70artners/', '/1.0/partners/routes/index.html'];

describe('MCP over HTTP, per role (handler called in process)', () => {
  test('anonymous: the tools work on public pages, and no answer names a gated page', async () => {
    const { handle } = setup();
    const client = await handlerClient(handle);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['search_docs', 'read_page', 'list_pages', 'read_operation', 'call_sandbox']);
    const read = await client.callTool({ name: 'read_page', arguments: { page: '/1.0/guide/' } });
    expect(answerText(read)).toContain('Public guide text.');
    const text = await everyAnswer(client);
    for (const marker of GATED_MARKERS) expect(text, marker).not.toContain(marker);
    const gated = await client.callTool({ name: 'read_page', arguments: { page: 'partners/routes' } });
    const missing = await client.callTool({ name: 'read_page', arguments: { page: 'partners/nothing-here' } });
    expect(gated.isError).toBe(true);
    expect(answerText(gated).replace('routes', 'X')).toBe(answerText(missing).replace('nothing-here', 'X'));
    await client.close();
  });

  test('an agent token acts for its reader: a partner reads partner pages, not admin ones; revoked, it gets 401 at once', async () => {
    const { handle, tokens } = setup();
    const { token, record } = await tokens.create(partner, 'test agent');
    const client = await handlerClient(handle, token);
    expect(answerText(await client.callTool({ name: 'read_page', arguments: { page: 'partners/routes' } }))).toContain('AUTHGATED');
    expect(answerText(await client.callTool({ name: 'search_docs', arguments: { query: 'AUTHGATEDBODY' } }))).toContain('partners');
    expect((await client.callTool({ name: 'read_page', arguments: { page: 'ops' } })).isError).toBe(true);
    expect((await tokens.list(partner.id))[0]!.lastUsedAt).toBeDefined();
    await tokens.revoke(partner.id, record.id);
    await expect(client.callTool({ name: 'list_pages', arguments: {} })).rejects.toThrow(/401|revoked/);
    const raw = await handle(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) }));
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer realm="Auth Fixture Docs", error="invalid_token"/);
  });

  test('an agent token follows its reader: removed from users.yml, it gets 401; roles taken away, it loses them', async () => {
    const mcpCall = (handle: (request: Request) => Promise<Response>, token: string) =>
      handle(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) }));
    const removed = setup({}, FIXTURE_READERS.filter((user) => user.username !== partner.id));
    const { token } = await removed.tokens.create({ ...partner, source: 'users' }, 'agent of a removed reader');
    const refused = await mcpCall(removed.handle, token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(await refused.text()).toContain('no longer in users.yml');

    const demoted = setup({}, FIXTURE_READERS.map((user) => (user.username === partner.id ? { ...user, roles: [] } : user)));
    const { token: demotedToken } = await demoted.tokens.create({ ...partner, source: 'users' }, 'agent of a demoted reader');
    const client = await handlerClient(demoted.handle, demotedToken);
    expect(answerText(await client.callTool({ name: 'read_page', arguments: { page: 'guide' } }))).toContain('Public guide text.');
    expect((await client.callTool({ name: 'read_page', arguments: { page: 'partners/routes' } })).isError).toBe(true);
    await client.close();
  });

  test('unknown and malformed credentials get 401, never the anonymous view', async () => {
    const { handle } = setup();
    for (const authorization of ['Bearer cdat_unknown', 'Bearer not-a-token-we-know', 'Basic dXNlcjpwYXNz', 'Bearer']) {
      const response = await handle(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: { authorization, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) }));
      expect(response.status, authorization).toBe(401);
      expect(await response.text()).not.toContain('search_docs');
    }
  });

  test('call_sandbox answers with the sandbox pipeline (status, headers, body)', async () => {
    const { handle } = setup();
    const client = await handlerClient(handle);
    const answer = (await client.callTool({ name: 'call_sandbox', arguments: { method: 'GET', path: '/caravans' } })) as unknown as { structuredContent: { status: number; headers: Record<string, string> } };
    expect(answer.structuredContent.status).toBe(401);
    expect(answer.structuredContent.headers['www-authenticate']).toMatch(/^Bearer/);
    const operation = await client.callTool({ name: 'read_operation', arguments: { operation: 'GET /caravans' } });
    expect(answerText(operation)).toContain('List caravans');
  });

  test('each reader has a sandbox state of their own, as has each anonymous MCP session', async () => {
    const { handle, tokens } = setup();
    const { token } = await tokens.create(partner, 'agent');
    const agent = await handlerClient(handle, token);
    const anonymous = await handlerClient(handle);
    const list = async (client: Awaited<ReturnType<typeof handlerClient>>) => {
      const answer = (await client.callTool({ name: 'call_sandbox', arguments: { method: 'GET', path: '/caravans', query: { per_page: '100' }, token: 'sandbox-viewer' } })) as unknown as { structuredContent: { body: string } };
      return JSON.parse(answer.structuredContent.body) as { items: Array<{ id: string; name: string }> };
    };
    const first = (await list(agent)).items[0]!;
    const renamed = (await agent.callTool({ name: 'call_sandbox', arguments: { method: 'PATCH', path: `/caravans/${first.id}`, token: 'sandbox-trader', body: { name: 'Renamed by the partner agent' } } })) as unknown as { structuredContent: { status: number } };
    expect(renamed.structuredContent.status).toBe(200);
    expect((await list(agent)).items[0]!.name).toBe('Renamed by the partner agent');
    expect((await list(anonymous)).items[0]!.name).toBe(first.name);
    // Two anonymous sessions: what one changes, the other does not see (each keeps its own across calls).
    const stranger = await handlerClient(handle);
    const changed = (await anonymous.callTool({ name: 'call_sandbox', arguments: { method: 'PATCH', path: `/caravans/${first.id}`, token: 'sandbox-trader', body: { name: 'Renamed by an anonymous agent' } } })) as unknown as { structuredContent: { status: number } };
    expect(changed.structuredContent.status).toBe(200);
    expect((await list(anonymous)).items[0]!.name).toBe('Renamed by an anonymous agent');
    expect((await list(stranger)).items[0]!.name).toBe(first.name);
  });

  test('initialize issues an Mcp-Session-Id; a request without one gets a state that is not kept', async () => {
    const { handle } = setup();
    const post = (message: unknown, headers: Record<string, string> = {}) =>
      handle(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', ...headers }, body: JSON.stringify(message) }));
    const initialized = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    expect(initialized.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/);
    const rename = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'call_sandbox', arguments: { method: 'PATCH', path: '/caravans/car_001', token: 'sandbox-trader', body: { name: 'Sessionless rename' } } } };
    const list = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'call_sandbox', arguments: { method: 'GET', path: '/caravans', query: { per_page: '100' }, token: 'sandbox-viewer' } } };
    await post(rename);
    expect(await (await post(list)).text()).not.toContain('Sessionless rename');
  });

  test('login-only site: anonymous callers get the tool list and a 401 for everything else', async () => {
    const { handle, tokens } = setup({ CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' });
    const client = await handlerClient(handle);
    expect((await client.listTools()).tools).toHaveLength(5);
    const call = await handle(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_docs', arguments: { query: 'guide' } } }) }));
    expect(call.status).toBe(401);
    expect(call.headers.get('www-authenticate')).toBe('Bearer realm="Auth Fixture Docs"');
    await expect(client.listResources()).rejects.toThrow();
    const { token } = await tokens.create({ id: 'reader', name: 'Rita', roles: [] }, 'agent');
    const reader = await handlerClient(handle, token);
    expect(answerText(await reader.callTool({ name: 'read_page', arguments: { page: 'guide' } }))).toContain('Public guide text.');
    expect((await reader.callTool({ name: 'read_page', arguments: { page: 'partners' } })).isError).toBe(true);
  });

  test('other origins are refused (DNS rebinding); GET has no stream in this stateless server', async () => {
    const { handle } = setup();
    const foreign = await handle(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{}' }));
    expect(foreign.status).toBe(403);
    const get = await handle(new Request('http://127.0.0.1/mcp'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  test('another name pointed at this server is refused, even with an Origin that matches it (DNS rebinding)', async () => {
    const { handle } = setup();
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    const post = (host: string, origin?: string) =>
      handle(new Request(`http://${host}/mcp`, { method: 'POST', headers: { host, ...(origin ? { origin } : {}), 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: initialize }));
    const rebound = await post('evil.example', 'http://evil.example');
    expect(rebound.status).toBe(403);
    expect(await rebound.text()).toContain('docs.auth-fixture.example');
    expect((await post('evil.example')).status).toBe(403);
    // The site's own host, and loopback names on any port, are served.
    for (const host of ['docs.auth-fixture.example', 'localhost:4321', '127.0.0.1:9', '[::1]:4321']) expect((await post(host)).status, host).toBe(200);
  });

  test('a body over the limit is refused with 413 before it is read, declared or streamed', async () => {
    const { handle } = setup();
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(8000) } });
    const declared = await handle(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(big.length) }, body: big }));
    expect(declared.status).toBe(413);
    // Chunked: no Content-Length, the count stops the read.
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 1000) controller.close();
        else controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
      },
    });
    const streamed = await handle(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit));
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });
});
