import type { APIRoute } from 'astro';
import { config } from '../../lib/site.ts';
import { referenceAccess } from '../../model/access.ts';
import { privateSandboxFile } from '../private-sandbox.ts';
import { privateAnswer } from '../private-response.ts';

/**
 * `{base}_astro/{file}` when no static file has that name: a private sandbox module (see
 * src/server/private-sandbox.ts) for a reader who may read its version's reference, else 404.
 */
export const prerender = false;

export const GET: APIRoute = async ({ params, locals }) => (await privateSandboxFile(locals.reader, params.file ?? '', () => referenceAccess(config.auth))) ?? privateAnswer(404);
