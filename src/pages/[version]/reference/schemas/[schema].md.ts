import type { APIRoute } from 'astro';
import { textFile } from '../../../../lib/discovery.ts';
import { referenceSchemaPage, referenceSchemaSource } from '../../../../lib/reference.ts';
import { SCHEMAS_SLUG } from '../../../../reference/schema-pages.ts';
import { referenceNotFound, referenceSignIn } from '../../../../server/reference-gate.ts';

/** `/{version}/reference/schemas/{schema}.md`: one named schema's page as Markdown. */
export const prerender = true;

export * from '../../../../lib/reference-paths/schema.ts';

export const GET: APIRoute = (context) => {
  const { version, schema } = context.params;
  const slug = `${SCHEMAS_SLUG}/${schema}`;
  const known = referenceSchemaPage(version!, slug) !== undefined;
  return referenceSignIn(context) ?? (known ? textFile(referenceSchemaSource(version!, slug), 'text/markdown') : referenceNotFound());
};
