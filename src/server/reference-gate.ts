import { isLoginOnly } from '../config/schemas/auth.ts';
import { loginUrl } from '../auth/next-path.ts';
import { config } from '../lib/site.ts';
import { privateAnswer } from './private-response.ts';
import { NEGOTIATED_HEADER, pageOfSource } from './front/alternates.ts';
import { receivedPath } from './request-target.ts';

/**
 * On a login-only site the API reference routes run on demand (the integration turns their
 * prerendering off), and a signed-out reader is sent to sign in, as for any documentation page.
 * Elsewhere they are static public pages and this answers undefined.
 */
export function referenceSignIn(context: { isPrerendered: boolean; locals: App.Locals; url: URL; request: Request }): Response | undefined {
  if (context.isPrerendered || !isLoginOnly(config.auth) || context.locals.reader) return undefined;
  // A page URL the front server rewrote to its source for content negotiation: sign in to the page.
  const path = receivedPath(context.request);
  const negotiated = context.request.headers.has(NEGOTIATED_HEADER) ? pageOfSource(path, config.base)?.pagePath : undefined;
  const location = loginUrl(config.base, `${negotiated ?? path}${context.url.search}`);
  return privateAnswer(302, location);
}

/** An on-demand reference URL that names no version or operation of this site. */
export function referenceNotFound(): Response {
  return privateAnswer(404);
}
