import type { APIRoute, GetStaticPaths } from 'astro';
import { sitemapFiles } from '../discovery/sitemap.ts';
import { discoveryModel, pageDates, textFile } from '../lib/discovery.ts';

/** The parts of a sitemap index: only sites with more than 50,000 URLs have any. */
export const prerender = true;

export const getStaticPaths = (() =>
  sitemapFiles(discoveryModel, pageDates())
    .slice(1)
    .map((file) => ({ params: { part: /^sitemap-(\d+)\.xml$/.exec(file.path)![1]! }, props: { body: file.body } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => textFile((props as { body: string }).body, 'application/xml');
