import type { APIRoute, GetStaticPaths } from 'astro';
import { llmsFullTxt, llmsTxt } from '../../discovery/llms-txt.ts';
import { referenceLlmsSections } from '../../lib/reference.ts';
import { discoveryModel, markdownOf, textFile } from '../../lib/discovery.ts';

/** `/{version}/llms.txt` and `/{version}/llms-full.txt` for every version; none when llms.txt is disabled. */
export const prerender = true;

export const getStaticPaths = (() =>
  discoveryModel.config.ai.llmsTxt.enabled
    ? discoveryModel.versions.flatMap(({ version }) => ['llms', 'llms-full'].map((llms) => ({ params: { version: version.id, llms } })))
    : []) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  textFile(params.llms === 'llms-full' ? llmsFullTxt(discoveryModel, params.version, markdownOf) : llmsTxt(discoveryModel, params.version, referenceLlmsSections), 'text/plain');
