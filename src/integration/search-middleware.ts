import { defineMiddleware } from 'astro:middleware';
import { activeIndexer } from './search-index.ts';

/** During a static build, hands every rendered HTML page to the search indexer. Elsewhere, does nothing. */
export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  const indexer = activeIndexer();
  if (!indexer || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  // Only documentation pages mark a search body; the rest would be skipped by Pagefind anyway.
  // Pagefind prefixes result URLs with the folder it is served from (the base), so give it paths without it.
  if (html.includes('data-pagefind-body')) indexer.add(`/${context.url.pathname.slice(import.meta.env.BASE_URL.length).replace(/^\//, '')}`, html);
  return new Response(html, response);
});
