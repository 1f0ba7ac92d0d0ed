import type { APIRoute } from 'astro';
import { textFile } from '../../lib/discovery.ts';
import { hasApiList, referenceFor, referenceListSource, referenceOverviewSource } from '../../lib/reference.ts';
import { referenceNotFound, referenceSignIn } from '../../server/reference-gate.ts';

/** `/{version}/reference.md`: the API reference overview as Markdown, or the list of a version's several APIs. */
export const prerender = true;

export * from '../../lib/reference-paths/overview.ts';

export const GET: APIRoute = (context) => {
  const version = context.params.version!;
  const signIn = referenceSignIn(context);
  if (signIn) return signIn;
  if (hasApiList(version)) return textFile(referenceListSource(version), 'text/markdown');
  return referenceFor(version) ? textFile(referenceOverviewSource(version), 'text/markdown') : referenceNotFound();
};
