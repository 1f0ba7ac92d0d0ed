import type { APIRoute, GetStaticPaths } from 'astro';
import { discoveryFile, discoveryPaths, textFile } from '../../lib/discovery.ts';

/** The Markdown source of every public page at `/{version}/{slug}.md`. */
export const prerender = true;

export const getStaticPaths = (() =>
  discoveryPaths(/^[^/]+\/.+\.md$/).map((path) => {
    const slash = path.indexOf('/');
    return { params: { version: path.slice(0, slash), slug: path.slice(slash + 1, -'.md'.length) } };
  })) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => textFile(discoveryFile(`${params.version}/${params.slug}.md`), 'text/markdown');
