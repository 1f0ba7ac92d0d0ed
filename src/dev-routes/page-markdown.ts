import type { APIRoute, GetStaticPaths } from 'astro';
import { discoveryFile, discoveryPaths, textFile } from '../lib/discovery.ts';

/**
 * The Markdown source of every public page at `/{version}/{slug}.md`, in `astro dev` only (see
 * DEV_ROUTES in src/routes.ts): a build writes the same files itself (src/integration/page-markdown-files.ts).
 */
export const prerender = true;

export const getStaticPaths = (() =>
  discoveryPaths(/^[^/]+\/.+\.md$/).map((path) => {
    const slash = path.indexOf('/');
    return { params: { version: path.slice(0, slash), slug: path.slice(slash + 1, -'.md'.length) } };
  })) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => textFile(discoveryFile(`${params.version}/${params.slug}.md`), 'text/markdown');
