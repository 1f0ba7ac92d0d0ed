import { getStaticPaths as schemaPaths } from './schemas.ts';

// Static paths of `/{version}/reference/schemas/{schema}.md`: `astro dev` answers each; a build
// writes them all from one route instead (src/build-routes/reference-sources.ts), so it lists none.
export function getStaticPaths() {
  return import.meta.env.DEV ? schemaPaths() : [];
}
