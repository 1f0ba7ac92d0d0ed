import type { APIRoute } from 'astro';
import { discoveryFile, textFile } from '../lib/discovery.ts';

/** Always built (an empty urlset when disabled) and never behind sign-in (spec rule 5). */
export const prerender = true;

export const GET: APIRoute = () => textFile(discoveryFile('sitemap.xml'), 'application/xml');
