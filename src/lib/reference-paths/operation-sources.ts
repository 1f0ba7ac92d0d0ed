import { getStaticPaths as operationPaths } from './operations.ts';

// Static paths of `/{version}/reference/{…}.md` (operations, and an API's overview when it is one
// of several): `astro dev` answers each; a build writes them all from one route instead
// (src/build-routes/reference-sources.ts), so it lists none. A module of its own: see overview.ts.
export function getStaticPaths() {
  return import.meta.env.DEV ? operationPaths() : [];
}
