import type { APIRoute } from 'astro';
import { textFile } from '../../../../lib/discovery.ts';
import { changelogAt, changelogSource } from '../../../../lib/changelog.ts';
import { referenceNotFound, referenceSignIn } from '../../../../server/reference-gate.ts';

/** `/{version}/reference/changes/{previous}.md`: the changelog of a version's single description as Markdown. */
export const prerender = true;

export * from '../../../../lib/reference-paths/changes.ts';

export const GET: APIRoute = (context) => {
  const changelog = changelogAt(context.params.version!, undefined, context.params.previous);
  return referenceSignIn(context) ?? (changelog ? textFile(changelogSource(changelog), 'text/markdown') : referenceNotFound());
};
