import type { APIRoute } from 'astro';
import { textFile } from '../../../../../lib/discovery.ts';
import { referencePage, referenceSchemaSource } from '../../../../../lib/reference.ts';
import { referenceBase } from '../../../../../reference/catalog.ts';
import { referenceNotFound, referenceSignIn } from '../../../../../server/reference-gate.ts';

/**
 * `/{version}/reference/schemas/{schema}.md` (one of several APIs: `/{version}/reference/{api}/schemas/{schema}.md`)
 * in `astro dev` and on demand; a build writes these sources from src/build-routes/reference-sources.ts.
 */
export const prerender = true;

export * from '../../../../../lib/reference-paths/schema-sources.ts';

export const GET: APIRoute = (context) => {
  const { version, api, schema } = context.params;
  const slug = `${referenceBase(api ?? '')}/schemas/${schema}`;
  const known = referencePage(version!, slug)?.kind === 'schema';
  return referenceSignIn(context) ?? (known ? textFile(referenceSchemaSource(version!, slug), 'text/markdown') : referenceNotFound());
};
