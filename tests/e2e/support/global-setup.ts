import { appendFileSync, cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeEventApisSite } from './event-apis-site.ts';
import { writeFeaturesSite } from './features-site.ts';
import { writeForeignApisSite } from './foreign-apis-site.ts';
import { writeGalaxySite } from './galaxy-site.ts';
import { writeLargeSite } from './large-site.ts';
import { startNodeServer } from './node-server.ts';
import { serveStatic } from './static-server.ts';
import { astroBuild, clearBuildLock, OUTPUT, outDir, PROJECT_ROOT, SITES } from './sites.ts';

/** Builds every site under test once (set E2E_REUSE_BUILD=1 to reuse outputs) and serves each on 127.0.0.1. */
export default async function globalSetup() {
  clearBuildLock();
  const reuse = process.env.E2E_REUSE_BUILD === '1';
  if (!reuse || !existsSync(join(OUTPUT, 'large-src'))) writeLargeSite(join(OUTPUT, 'large-src'), 4, 60);
  if (!reuse || !existsSync(join(OUTPUT, 'based-src'))) writeBasedSite(join(OUTPUT, 'based-src'));
  if (!reuse || !existsSync(join(OUTPUT, 'foreign-apis-src'))) writeForeignApisSite(join(OUTPUT, 'foreign-apis-src'));
  if (!reuse || !existsSync(join(OUTPUT, 'galaxy-src'))) writeGalaxySite(join(OUTPUT, 'galaxy-src'));
  if (!reuse || !existsSync(join(OUTPUT, 'features-src'))) writeFeaturesSite(join(OUTPUT, 'features-src'));
  if (!reuse || !existsSync(join(OUTPUT, 'event-apis-src'))) writeEventApisSite(join(OUTPUT, 'event-apis-src'));
  if (!reuse || !existsSync(join(OUTPUT, 'foreign-apis-de-src'))) writeForeignApisSite(join(OUTPUT, 'foreign-apis-de-src'), '\ni18n:\n  defaultLocale: de\n');
  for (const [name, write] of Object.entries(LOCALE_SITES)) if (!reuse || !existsSync(join(OUTPUT, name))) write(join(OUTPUT, name));
  // E2E_SITES=basic,large limits the builds while working on one area.
  const only = process.env.E2E_SITES?.split(',');
  const sites = only ? SITES.filter((site) => only.includes(site.name)) : SITES;
  for (const site of sites) {
    if (reuse && existsSync(outDir(site.name))) continue;
    const { status, output } = astroBuild(site.docsRoot, outDir(site.name), site.env);
    if (status !== 0) throw new Error(`Building the "${site.name}" site failed:\n${output}`);
  }
  const servers = await Promise.all(
    sites.map(async (site) => {
      if (site.server) {
        // Sign-in builds: the Node server serves the static part (out/client) and the on-demand routes.
        const running = await startNodeServer(outDir(site.name), site.base, { ...site.env, ...site.serverEnv }, { docsRoot: site.docsRoot });
        return { site, url: running.url, close: running.stop };
      }
      const { server, url } = await serveStatic(outDir(site.name), site.base, site.docsRoot);
      return { site, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
    }),
  );
  for (const { site, url } of servers) process.env[`SITE_URL_${site.name.toUpperCase()}`] = url;
  return async () => {
    await Promise.all(servers.map(({ close }) => close()));
  };
}

/** A fixture copied with `i18n` added to its site.yml. */
function withI18n(fixture: string, i18n: string): (root: string) => void {
  return (root) => {
    rmSync(root, { recursive: true, force: true });
    cpSync(join(PROJECT_ROOT, 'tests/fixtures', fixture), root, { recursive: true });
    appendFileSync(join(root, 'config/site.yml'), i18n);
  };
}

/**
 * The basic fixture in English with German and Arabic trees: German translates the overview, the
 * first guide and the gated partners page (and the Guides section's title), Arabic the overview;
 * every other page is shown untranslated (the default `untranslated: fallback`).
 */
function writeTranslatedSite(root: string): void {
  withI18n('basic', '\ni18n:\n  defaultLocale: en\n  locales:\n    - { id: en, label: English }\n    - { id: de, label: Deutsch }\n    - { id: ar, label: العربية, dir: rtl }\n')(root);
  const files: Record<string, string> = {
    'content/de/1.0/nav.yml': 'Guides: Anleitungen\n',
    'content/de/1.0/overview.md': '---\ntitle: Überblick\ndescription: Worum es in der Vorlage geht.\n---\n\n## Willkommen\n\nDer deutsche Überblick. Öffentlicher Text Alpha. Beginnen Sie mit [der ersten Anleitung](/de/1.0/guides/first/).\n',
    'content/de/1.0/guides/first.md': '---\ntitle: Erste Anleitung\ndescription: Der erste Schritt.\n---\n\nDie erste Anleitung auf Deutsch.\n',
    'content/de/1.0/partners.md': '---\ntitle: Partnernetz\n---\n\nNur für Partner: GEHEIMER-UEBERSETZTER-TEXT.\n',
    'content/ar/1.0/overview.md': '---\ntitle: نظرة عامة\ndescription: عن هذا الموقع.\n---\n\nالنظرة العامة بالعربية.\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
}

const LOCALE_SITES: Record<string, (root: string) => void> = {
  'translated-src': writeTranslatedSite,
  'german-src': withI18n('any-api', '\ni18n:\n  defaultLocale: de\n  strings:\n    de:\n      nav.onThisPage: Inhalt dieser Seite\n'),
  'arabic-src': withI18n('any-api', '\ni18n:\n  defaultLocale: ar\n  locales:\n    - { id: ar, label: العربية, dir: rtl }\n    - { id: en, label: English }\n'),
};

/** The basic fixture served under /docs/. */
function writeBasedSite(root: string): void {
  rmSync(root, { recursive: true, force: true });
  cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), root, { recursive: true });
  writeFileSync(join(root, 'config/site.yml'), 'title: Fixture Docs\nurl: https://docs.fixture.example\nbase: /docs\n');
}
