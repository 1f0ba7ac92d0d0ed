import type { APIRoute, GetStaticPaths } from 'astro';
import { llmsFullTxt, llmsTxt } from '../discovery/llms-txt.ts';
import { referenceLlmsSections } from '../lib/reference.ts';
import { discoveryModel, markdownOf, textFile } from '../lib/discovery.ts';

/** `/llms.txt` and `/llms-full.txt` from the main version; not built when `ai.llmsTxt.enabled` is false. */
export const prerender = true;

export const getStaticPaths = (() => (discoveryModel.config.ai.llmsTxt.enabled ? [{ params: { llms: 'llms' } }, { params: { llms: 'llms-full' } }] : [])) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  textFile(params.llms === 'llms-full' ? llmsFullTxt(discoveryModel, undefined, markdownOf) : llmsTxt(discoveryModel, undefined, referenceLlmsSections), 'text/plain');
