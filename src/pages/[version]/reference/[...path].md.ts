import type { APIRoute } from 'astro';
import { textFile } from '../../../lib/discovery.ts';
import { referenceOperationSource, referenceOverviewSource, referencePage, referenceSchemaSource } from '../../../lib/reference.ts';
import { REFERENCE_SLUG } from '../../../reference/catalog.ts';
import { referenceNotFound, referenceSignIn } from '../../../server/reference-gate.ts';

/**
 * `/{version}/reference/{…}.md`: the Markdown source of an operation, or of one of several APIs'
 * overview (schemas have [...api]/schemas/, but on demand, with sign-in, Astro ranks this route
 * first for their paths, so it answers them too). It answers in `astro dev` and on demand; a build
 * lists none of its paths and writes every public source from src/build-routes/reference-sources.ts.
 */
export const prerender = true;

export * from '../../../lib/reference-paths/operation-sources.ts';

export const GET: APIRoute = (context) => {
  const version = context.params.version!;
  const slug = `${REFERENCE_SLUG}/${context.params.path}`;
  const page = referencePage(version, slug);
  const source = () => {
    if (!page || (page.kind === 'overview' && page.catalog.id === '')) return undefined;
    if (page.kind === 'schema') return referenceSchemaSource(version, slug);
    return page.kind === 'overview' ? referenceOverviewSource(version, page.catalog.id) : referenceOperationSource(version, slug);
  };
  const signIn = referenceSignIn(context);
  if (signIn) return signIn;
  const text = source();
  return text === undefined ? referenceNotFound() : textFile(text, 'text/markdown');
};
