import { changelogPaths } from './changelog-paths.ts';

// Static paths of `/{version}/reference/changes/{previous}/` and its `.md`: a version's single description (see overview.ts for why a module of its own).
export function getStaticPaths() {
  return changelogPaths(false);
}
