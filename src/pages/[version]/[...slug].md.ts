import type { APIRoute, GetStaticPaths } from 'astro';
import { discoveryModel, markdownOf, textFile } from '../../lib/discovery.ts';
import { publicVersions } from '../../discovery/public-pages.ts';
import type { Page } from '../../model/types.ts';

/** The Markdown source of every public page at `/{version}/{slug}.md`. */
export const prerender = true;

export const getStaticPaths = (() =>
  publicVersions(discoveryModel).flatMap((version) =>
    version.pages.map((page) => ({ params: { version: version.site.version.id, slug: page.slug }, props: { page } })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params, props }) => textFile(markdownOf(params.version!, (props as { page: Page }).page), 'text/markdown');
