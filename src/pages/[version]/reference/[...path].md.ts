import type { APIRoute } from 'astro';
import { textFile } from '../../../lib/discovery.ts';
import { eventPageSource } from '../../../lib/events.ts';
import { referencePage, referencePageSource } from '../../../lib/reference.ts';
import { REFERENCE_SLUG } from '../../../reference/catalog.ts';
import { referenceNotFound, referenceSignIn } from '../../../server/reference-gate.ts';

/**
 * `/{version}/reference/{…}.md`: the Markdown source of an operation, of one of several APIs'
 * overview, or of an event API's page (schemas have [...api]/schemas/, but on demand, with sign-in, Astro ranks this route
 * first for their paths, so it answers them too). It answers in `astro dev` and on demand; a build
 * lists none of its paths and writes every public source from src/build-routes/reference-sources.ts.
 */
export const prerender = true;

export * from '../../../lib/reference-paths/operation-sources.ts';

export const GET: APIRoute = (context) => {
  const version = context.params.version!;
  const slug = `${REFERENCE_SLUG}/${context.params.path}`;
  const page = referencePage(version, slug);
  // A single API's overview is `/{version}/reference.md`.
  const source = () => (!page ? eventPageSource(version, slug) : page.kind === 'overview' && page.catalog.id === '' ? undefined : referencePageSource(version, page));
  const signIn = referenceSignIn(context);
  if (signIn) return signIn;
  const text = source();
  return text === undefined ? referenceNotFound() : textFile(text, 'text/markdown');
};
