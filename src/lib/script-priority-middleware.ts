import { defineMiddleware } from 'astro:middleware';
import { withLowPriorityScripts } from './script-priority.ts';

/** Rewrites each HTML page's module scripts to low priority: prerendered pages at build time, on-demand pages on the server. */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(withLowPriorityScripts(await response.text()), { status: response.status, statusText: response.statusText, headers });
});
