import type { APIRoute, GetStaticPaths } from 'astro';
import { discoveryFile, discoveryPaths, textFile } from '../lib/discovery.ts';

/** `/llms.txt` and `/llms-full.txt` from the main version; not built when `ai.llmsTxt.enabled` is false. */
export const prerender = true;

export const getStaticPaths = (() => discoveryPaths(/^llms(-full)?\.txt$/).map((path) => ({ params: { llms: path.slice(0, -'.txt'.length) } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => textFile(discoveryFile(`${params.llms}.txt`), 'text/plain');
