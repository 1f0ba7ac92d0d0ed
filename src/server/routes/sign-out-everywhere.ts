import type { APIRoute } from 'astro';
import { agentTokens } from '../../mcp/agent-tokens.ts';
import { signOutEverywhere } from '../revocation.ts';
import { config } from '../../lib/site.ts';
import { serverSecrets } from '../auth-runtime.ts';
import { payloadTooLarge, readBoundedText } from '../bounded-body.ts';
import { acceptedOrigin } from '../forwarded.ts';
import { PRIVATE_HEADERS } from '../private-response.ts';
import { sharedStore, StoreUnavailableError } from '../store/index.ts';

/**
 * `POST {base}api/admin/sign-out-everywhere` with JSON `{"reader": "<id>"}`: ends every session of
 * that reader on every instance, and revokes their MCP agent tokens (the id is the users.yml
 * username, or the provider's `sub` for single sign-on). Only for signed-in readers with the `admin` role. JSON only: a cross-site form
 * cannot send it, and the session cookie is `SameSite=Lax`; an `Origin` other than the site's is refused too.
 */
export const prerender = false;

const ADMIN_ROLE = 'admin';

const answer = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: PRIVATE_HEADERS });

export const POST: APIRoute = async ({ request, locals }) => {
  // Defence in depth: JSON and SameSite=Lax already keep other sites out; a page of another origin is refused outright.
  if (!acceptedOrigin(request, config.url, serverSecrets().proxyHops)) return answer(403, { error: 'Requests from other origins are refused.' });
  const reader = locals.reader;
  if (!reader) return answer(401, { error: 'Sign in as a reader with the admin role first.' });
  if (!reader.roles.includes(ADMIN_ROLE)) return answer(403, { error: `Only readers with the ${ADMIN_ROLE} role may end other readers' sessions.` });
  if ((request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/json') return answer(415, { error: 'Send a JSON body: {"reader": "<username or sub>"}.' });
  const limit = config.security.bodyLimits.requests;
  const body = await readBoundedText(request, limit);
  if (!body.ok) return payloadTooLarge(limit, PRIVATE_HEADERS);
  let target: unknown;
  try {
    target = (JSON.parse(body.text) as { reader?: unknown } | null)?.reader;
  } catch {
    target = undefined;
  }
  if (typeof target !== 'string' || target.trim() === '') return answer(400, { error: 'The body needs "reader": the username (users.yml) or the sub (single sign-on) whose sessions to end.' });
  try {
    const notBefore = await signOutEverywhere(sharedStore(), target.trim());
    // The reader's MCP agent tokens end too: they would otherwise keep reading as that reader.
    const agentTokensRevoked = await agentTokens.revokeAll(target.trim());
    return answer(200, { reader: target.trim(), sessionsEndedBefore: new Date((notBefore + 1) * 1000).toISOString(), agentTokensRevoked });
  } catch (error) {
    if (error instanceof StoreUnavailableError) return answer(503, { error: 'The shared store does not answer; nothing was recorded. Try again.' });
    throw error;
  }
};
