import type { APIRoute } from 'astro';
import { config } from '../../lib/site.ts';
import { apiAccess } from '../../model/access.ts';
import { parseApiKey } from '../../openapi/api-key.ts';
import { privateSandboxFile } from '../private-sandbox.ts';
import { privateAnswer } from '../private-response.ts';

/**
 * `{base}_astro/{file}` when no static file has that name: a private sandbox module (see
 * src/server/private-sandbox.ts) for a reader who may read its API's reference, else 404.
 */
export const prerender = false;

/** The rule of the API a sandbox key names: the version's reference rule, and the roles `apis:` gives it. */
function ruleOf(key: string) {
  const { api } = parseApiKey(key);
  return apiAccess(config.auth, api === '' ? [] : (config.apis.find((entry) => entry.id === api)?.roles ?? []));
}

export const GET: APIRoute = async ({ params, locals }) => (await privateSandboxFile(locals.reader, params.file ?? '', ruleOf)) ?? privateAnswer(404);
