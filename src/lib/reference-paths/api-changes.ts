import { changelogPaths } from './changelog-paths.ts';

// Static paths of `/{version}/reference/{api}/changes/{previous}/` and its `.md`: one of several APIs (see overview.ts for why a module of its own).
export function getStaticPaths() {
  return changelogPaths(true);
}
