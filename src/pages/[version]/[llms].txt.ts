import type { APIRoute, GetStaticPaths } from 'astro';
import { discoveryFile, discoveryPaths, textFile } from '../../lib/discovery.ts';

/** `/{version}/llms.txt` and `/{version}/llms-full.txt` for every version; none when llms.txt is disabled. */
export const prerender = true;

export const getStaticPaths = (() =>
  discoveryPaths(/^[^/]+\/llms(-full)?\.txt$/).map((path) => {
    const [version, file] = path.split('/') as [string, string];
    return { params: { version, llms: file.slice(0, -'.txt'.length) } };
  })) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => textFile(discoveryFile(`${params.version}/${params.llms}.txt`), 'text/plain');
