import type { APIRoute } from 'astro';
import { robotsTxt } from '../discovery/robots-txt.ts';
import { discoveryModel, textFile } from '../lib/discovery.ts';

/** Always built and never behind sign-in (spec rule 5). */
export const prerender = true;

export const GET: APIRoute = () => textFile(robotsTxt(discoveryModel), 'text/plain');
