import type { APIRoute, GetStaticPaths } from 'astro';
import { textFile } from '../../../lib/discovery.ts';
import { referenceFor, referenceOperationSource } from '../../../lib/reference.ts';
import { REFERENCE_SLUG } from '../../../reference/catalog.ts';
import { site } from '../../../lib/site.ts';

/** `/{version}/reference/{operation}.md`: one operation's reference page as Markdown. */
export const prerender = true;

export const getStaticPaths = (() =>
  site.versions.flatMap((index) =>
    (referenceFor(index.site.version.id)?.operations ?? []).map((entry) => ({
      params: { version: index.site.version.id, operation: entry.slug.slice(REFERENCE_SLUG.length + 1) },
    })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => textFile(referenceOperationSource(params.version!, `${REFERENCE_SLUG}/${params.operation}`), 'text/markdown');
