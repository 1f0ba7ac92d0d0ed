import type { APIRoute, GetStaticPaths } from 'astro';
import { discoveryFile, discoveryPaths, textFile } from '../../lib/discovery.ts';

/** `/feeds/changelog.xml` and `/feeds/release-notes.xml`, when the site has them (src/discovery/feeds.ts); none on a login-only site. */
export const prerender = true;

export const getStaticPaths = (() => discoveryPaths(/^feeds\/[^/]+\.xml$/).map((path) => ({ params: { feed: path.slice('feeds/'.length, -'.xml'.length) } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => textFile(discoveryFile(`feeds/${params.feed}.xml`), 'application/atom+xml');
