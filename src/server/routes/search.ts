import type { APIRoute } from 'astro';
import { config } from '../../lib/site.ts';
import { gatedSearchFile } from '../gated-search.ts';
import { privateAnswer } from '../private-response.ts';
import { receivedPath } from '../request-target.ts';

/** `/api/search/{group}/{file}`: the gated pages' search index, for readers whose roles open them (404 otherwise). */
export const prerender = false;

export const GET: APIRoute = ({ request, locals }) =>
  gatedSearchFile(locals.reader, receivedPath(request).slice(`${config.base}api/search/`.length)) ?? privateAnswer(404);
