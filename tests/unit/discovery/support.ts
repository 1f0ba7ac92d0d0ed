import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSite } from '../../../src/config/load.ts';
import { discoveryFiles } from '../../../src/discovery/all-files.ts';
import type { LastModified } from '../../../src/discovery/sitemap.ts';
import type { SiteModel } from '../../../src/model/types.ts';
import { FIXTURES } from '../site/support.ts';

export { FIXTURES, siteWith } from '../site/support.ts';

export const LOGIN_ONLY_ENV = { CARAVAN_DOCS_AUTH_ENABLED: 'true', CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' };

/** A fixture folder (or any docs root) loaded as the build loads it. */
export function modelOf(fixtureOrRoot: string, env: Record<string, string> = {}): SiteModel {
  return loadSite(rootOf(fixtureOrRoot), env).model;
}

function rootOf(fixtureOrRoot: string): string {
  return fixtureOrRoot.startsWith('/') ? fixtureOrRoot : join(FIXTURES, fixtureOrRoot);
}

/** Every discovery file of a fixture, generated in memory. */
export function filesOf(fixtureOrRoot: string, env: Record<string, string> = {}, lastModified?: LastModified): Map<string, string> {
  const root = rootOf(fixtureOrRoot);
  return discoveryFiles(loadSite(root, env).model, { readSource: (file) => readFileSync(join(root, file), 'utf8'), ...(lastModified ? { lastModified } : {}) });
}

/** The `<loc>` values of a sitemap, in file order. */
export function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
}

/** Link targets of an llms.txt. */
export function links(text: string): string[] {
  return [...text.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]!);
}
