import type { APIRoute } from 'astro';
import { textFile } from '../../../../../lib/discovery.ts';
import { changelogAt, changelogSource } from '../../../../../lib/changelog.ts';
import { referenceNotFound, referenceSignIn } from '../../../../../server/reference-gate.ts';

/** `/{version}/reference/{api}/changes/{previous}.md`: the changelog of one of several APIs as Markdown. */
export const prerender = true;

export * from '../../../../../lib/reference-paths/api-changes.ts';

export const GET: APIRoute = (context) => {
  const changelog = changelogAt(context.params.version!, context.params.api, context.params.previous);
  return referenceSignIn(context) ?? (changelog ? textFile(changelogSource(changelog), 'text/markdown') : referenceNotFound());
};
