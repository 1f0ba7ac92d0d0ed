import type { APIRoute } from 'astro';
import { discoveryFile, textFile } from '../lib/discovery.ts';

/** Always built and never behind sign-in (spec rule 5). */
export const prerender = true;

export const GET: APIRoute = () => textFile(discoveryFile('robots.txt'), 'text/plain');
