// The local HTTP sandbox stops reading a body at its limit (issue 39, item 4): a larger upload is
// answered 413 and its connection closed, never read to its end. A raw socket pumps a chunked
// body for as long as the server takes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox as caravanExtension } from '../../../content/_sandbox/caravan/extension.ts';
import { startLocalServer, type LocalServer } from '../../../src/sandbox/node/local-server.ts';
import { createNodeSandbox } from '../../../src/sandbox/node/server.ts';
import { chunkedFlood } from '../../support/raw-socket.ts';
import { openapi } from './support/openapi-contract.ts';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ sandbox: createNodeSandbox({ document: openapi, extension: caravanExtension }), port: 0 });
});
afterAll(() => server.close());

describe('local sandbox bodies', () => {
  it('a chunked body over the limit is answered 413 and its connection closed, not read to its end', async () => {
    const flood = await chunkedFlood(server.origin, 'PATCH /v1/caravans/car_002 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sandbox-trader\r\nContent-Type: application/json', 6000);
    expect(flood.status).toBe(413);
    expect(flood.closedByServer).toBe(true);
    expect(flood.ms).toBeLessThan(3000);
    // The server goes on answering.
    expect((await fetch(`${server.origin}/v1/caravans?per_page=1`, { headers: { Authorization: 'Bearer sandbox-trader' } })).status).toBe(200);
  });
});
