import { NEGOTIATED_HEADER, pageOfSource } from './front/alternates.ts';
import { receivedPath } from './request-target.ts';

/**
 * The decision for an on-demand request, the path it was made for and the path as received. The front server rewrites
 * a page URL asked for as Markdown to the page's source; a reader the source is not for gets
 * exactly what the page URL gives them (sign-in with the page as next, 403, 404).
 */
export function negotiatedDecision<D extends { kind: string }>(request: Request, base: string, decide: (path: string) => D): { received: string; path: string; decision: D } {
  const received = receivedPath(request);
  const decision = decide(received);
  const negotiatedFrom = request.headers.has(NEGOTIATED_HEADER) ? pageOfSource(received, base)?.pagePath : undefined;
  return negotiatedFrom && decision.kind !== 'markdown' ? { received, path: negotiatedFrom, decision: decide(negotiatedFrom) } : { received, path: received, decision };
}
