import type { APIRoute, GetStaticPaths } from 'astro';
import { discoveryFile, discoveryPaths, textFile } from '../lib/discovery.ts';

/** The parts of a sitemap index: only sites with more than 50,000 URLs have any. */
export const prerender = true;

export const getStaticPaths = (() => discoveryPaths(/^sitemap-\d+\.xml$/).map((path) => ({ params: { part: /^sitemap-(\d+)\.xml$/.exec(path)![1]! } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => textFile(discoveryFile(`sitemap-${params.part}.xml`), 'application/xml');
