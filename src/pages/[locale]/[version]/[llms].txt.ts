import type { APIRoute, GetStaticPaths } from 'astro';
import { discoveryFile, discoveryPaths, textFile } from '../../../lib/discovery.ts';

/** `/{locale}/{version}/llms.txt` and `llms-full.txt`: a locale's translated pages of one version (`/{locale}/llms.txt` is served by [version]/[llms].txt.ts). */
export const prerender = true;

export const getStaticPaths = (() =>
  discoveryPaths(/^[^/]+\/[^/]+\/llms(-full)?\.txt$/).map((path) => {
    const [locale, version, file] = path.split('/') as [string, string, string];
    return { params: { locale, version, llms: file.slice(0, -'.txt'.length) } };
  })) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => textFile(discoveryFile(`${params.locale}/${params.version}/${params.llms}.txt`), 'text/plain');
