import type { APIRoute } from 'astro';
import { users } from 'virtual:caravan-docs/users';
import { isLoginOnly } from '../../config/schemas/auth.ts';
import { absoluteUrl } from '../../discovery/site-urls.ts';
import { config } from '../../lib/site.ts';
import { agentTokens } from '../../mcp/agent-tokens.ts';
import { createCredentialCheck } from '../../mcp/credentials.ts';
import { handleMcpRequest, type McpHttpOptions } from '../../mcp/http.ts';
import { sandboxPool } from '../../mcp/sandbox-calls.ts';
import { siteCorpus, siteSandboxParts } from '../../mcp/site-source.ts';
import { agentViews } from '../../mcp/view.ts';
import { serverSecrets } from '../auth-runtime.ts';
import { StoreUnavailableError } from '../store/index.ts';
import { storeUnavailable } from '../store-unavailable.ts';

/** `/mcp`: the documentation's MCP server (Streamable HTTP), as the caller's credential may read it. */
export const prerender = false;

let options: McpHttpOptions | undefined;

/** Built on the first request: the corpus reads every page once. */
function mcpOptions(): McpHttpOptions {
  options ??= {
    views: agentViews(siteCorpus()),
    checkCredential: createCredentialCheck({ tokens: agentTokens, users, oidc: config.auth.oidc, clientSecret: serverSecrets().oidcClient, audiences: [...(config.auth.oidc ? [config.auth.oidc.clientId] : []), absoluteUrl(config, 'mcp')] }),
    sandbox: sandboxPool(siteSandboxParts),
    loginOnly: isLoginOnly(config.auth),
    siteOrigin: config.url,
    realm: config.title,
    maxBodyBytes: config.security.bodyLimits.requests,
  };
  return options;
}

export const ALL: APIRoute = async ({ request }) => {
  try {
    return await handleMcpRequest(request, mcpOptions());
  } catch (error) {
    // Agent tokens live in the shared store: when it does not answer, refuse (503) rather than guess.
    if (error instanceof StoreUnavailableError) return storeUnavailable();
    throw error;
  }
};
