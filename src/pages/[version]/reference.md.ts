import type { APIRoute, GetStaticPaths } from 'astro';
import { textFile } from '../../lib/discovery.ts';
import { referenceFor, referenceOverviewSource } from '../../lib/reference.ts';
import { site } from '../../lib/site.ts';

/** `/{version}/reference.md`: the API reference overview as Markdown. */
export const prerender = true;

export const getStaticPaths = (() =>
  site.versions.filter((index) => referenceFor(index.site.version.id)).map((index) => ({ params: { version: index.site.version.id } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => textFile(referenceOverviewSource(params.version!), 'text/markdown');
