import type { APIRoute } from 'astro';
import { textFile } from '../../../lib/discovery.ts';
import { referenceFor, referenceOperationSource } from '../../../lib/reference.ts';
import { REFERENCE_SLUG } from '../../../reference/catalog.ts';
import { referenceNotFound, referenceSignIn } from '../../../server/reference-gate.ts';

/** `/{version}/reference/{operation}.md`: one operation's reference page as Markdown. */
export const prerender = true;

export * from '../../../lib/reference-paths/operation.ts';

export const GET: APIRoute = (context) => {
  const { version, operation } = context.params;
  const slug = `${REFERENCE_SLUG}/${operation}`;
  const known = referenceFor(version!)?.operations.some((entry) => entry.slug === slug);
  return referenceSignIn(context) ?? (known ? textFile(referenceOperationSource(version!, slug), 'text/markdown') : referenceNotFound());
};
