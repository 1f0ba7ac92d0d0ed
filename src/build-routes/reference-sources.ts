import type { APIRoute, GetStaticPaths } from 'astro';
import { referenceSourceFiles, referencesFor } from '../lib/reference.ts';
import { referenceSourcesKey } from '../lib/page-keys.ts';
import { site } from '../lib/site.ts';

/**
 * `/_reference-sources/{version}.json`: the Markdown source of every public API reference page of
 * a version, as `[file, text]` pairs, for the integration to write out (BUILD_ROUTES in
 * src/routes.ts). One render for them all: as a route each, a source cost Astro's per-page work,
 * about 3 ms on this machine against 0.5 ms to make it (GitHub's 2,193 sources: 6.5 s of a build).
 */
export const prerender = true;

export const getStaticPaths = (() =>
  site.versions
    .filter((index) => referencesFor(index.site.version.id).length > 0)
    .map((index) => ({ params: { version: index.site.version.id }, cacheKey: referenceSourcesKey(index) }))) satisfies GetStaticPaths;

/** The JSON array `[[file, text], …]`, sent as it is made: no source is kept once it is written. */
export const GET: APIRoute = ({ params }) => {
  const files = referenceSourceFiles(params.version!);
  const encoder = new TextEncoder();
  let separator = '[';
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = files.next();
      if (next.done) {
        controller.enqueue(encoder.encode(separator === '[' ? '[]' : ']'));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(separator + JSON.stringify(next.value)));
      separator = ',';
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'application/json' } });
};
