import type { APIRoute } from 'astro';
import { textFile } from '../../lib/discovery.ts';
import { referenceFor, referenceOverviewSource } from '../../lib/reference.ts';
import { referenceNotFound, referenceSignIn } from '../../server/reference-gate.ts';

/** `/{version}/reference.md`: the API reference overview as Markdown. */
export const prerender = true;

export * from '../../lib/reference-paths/overview.ts';

export const GET: APIRoute = (context) => {
  const version = context.params.version!;
  return referenceSignIn(context) ?? (referenceFor(version) ? textFile(referenceOverviewSource(version), 'text/markdown') : referenceNotFound());
};
