import type { APIRoute } from 'astro';
import { sitemapFiles } from '../discovery/sitemap.ts';
import { discoveryModel, pageDates, textFile } from '../lib/discovery.ts';

/** Always built (an empty urlset when disabled) and never behind sign-in (spec rule 5). */
export const prerender = true;

export const GET: APIRoute = () => textFile(sitemapFiles(discoveryModel, pageDates())[0]!.body, 'application/xml');
