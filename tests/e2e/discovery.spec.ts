import { expect, test, type APIRequestContext } from '@playwright/test';
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import robotsParser from 'robots-parser';
import { validateXML } from 'xmllint-wasm';
import { AI_CRAWLERS } from '../../src/discovery/ai-crawlers.ts';
import { parseLikeReference } from '../unit/discovery/llms-reference-parser.ts';
import { readAllFiles } from './support/scan.ts';
import { astroBuild, OUTPUT, outDir, siteUrl, SITES } from './support/sites.ts';

// Discovery files checked as a crawler would: robots.txt through a real parser, sitemap.xml
// against the sitemaps.org schema, every llms.txt link followed to a file of the output.

const ORIGIN: Record<string, string> = {
  basic: 'https://docs.fixture.example/',
  private: 'https://docs.fixture.example/',
  privateenv: 'https://docs.fixture.example/',
  disabled: 'https://docs.fixture.example/',
  versions: 'https://docs.versions.example/docs/',
};
const AGENTS = ['Googlebot', 'Bingbot', ...AI_CRAWLERS.map((crawler) => crawler.token)];
const MARKERS = ['GATEDTITLE', 'GATEDDESC', 'GATEDHEADING', 'GATEDBODY', 'ORPHANTITLE', 'Partner network', 'partners/secret-routes', 'ops/runbook', 'SECRETSTAFF', 'SECRETBETA'];
const SITEMAP_XSD = readFileSync(join(createRequire(import.meta.url).resolve('sitemap/package.json'), '../schema/sitemap.xsd'), 'utf8');

/** The local server URL of an absolute URL of the deployed site. */
const local = (site: string, url: string) => {
  expect(url.startsWith(ORIGIN[site]!), `${url} is under ${ORIGIN[site]}`).toBe(true);
  return siteUrl(site) + url.slice(ORIGIN[site]!.length);
};
const fetchText = async (request: APIRequestContext, site: string, path: string) => {
  const response = await request.get(new URL(path, siteUrl(site)).href);
  return { status: response.status(), type: response.headers()['content-type'] ?? '', text: await response.text() };
};
const robotsOf = async (request: APIRequestContext, site: string) => robotsParser(`${new URL(ORIGIN[site]!).origin}/robots.txt`, (await fetchText(request, site, 'robots.txt')).text);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

async function validSitemap(xml: string) {
  const result = await validateXML({ xml: [{ fileName: 'sitemap.xml', contents: xml }], schema: [{ fileName: 'sitemap.xsd', contents: SITEMAP_XSD }] });
  return { valid: result.valid, errors: result.errors.map((error) => error.rawMessage) };
}

/** Follows every link of /llms.txt and of the version indexes it links; returns the URLs visited. */
async function followLlms(request: APIRequestContext, site: string): Promise<string[]> {
  const queue = [`${ORIGIN[site]}llms.txt`];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await request.get(local(site, url));
    expect(response.status(), url).toBe(200);
    const text = await response.text();
    if (url.endsWith('.md')) {
      expect(response.headers()['content-type'], url).toContain('text/markdown');
      expect(text.startsWith('# '), url).toBe(true);
    }
    if (url.endsWith('llms.txt')) parseLikeReference(text);
    if (url.endsWith('llms.txt')) for (const match of text.matchAll(/\]\((https?:[^)\s]+)\)|is in (https?:\S+?)\.?$/gm)) queue.push((match[1] ?? match[2])!);
  }
  return [...seen];
}

test('every llms.txt of every site built reads with the reference llms.txt parser (sign-in sites, with their MCP note, included)', () => {
  const checked: string[] = [];
  // The sites this run built (the global setup serves each one it built).
  for (const site of SITES.filter((candidate) => process.env[`SITE_URL_${candidate.name.toUpperCase()}`] !== undefined)) {
    const indexes = readdirSync(outDir(site.name), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('llms.txt'));
    for (const file of indexes) {
      expect(() => parseLikeReference(readFileSync(join(outDir(site.name), file), 'utf8')), `${site.name}: ${file}`).not.toThrow();
      checked.push(`${site.name}/${file}`);
    }
  }
  expect(checked.length).toBeGreaterThan(0);
});

test.describe('normal site (basic fixture)', () => {
  test('robots.txt: public pages allowed and the unstable version denied for every agent; gated paths not named', async ({ request }) => {
    const robots = await robotsOf(request, 'basic');
    const text = (await fetchText(request, 'basic', 'robots.txt')).text;
    for (const agent of AGENTS) {
      for (const path of ['', '1.0/overview/', '1.0/guides/deep/', '1.0/overview.md', 'llms.txt', 'sitemap.xml']) expect(robots.isAllowed(ORIGIN.basic + path, agent), `${agent} /${path}`).toBe(true);
      expect(robots.isAllowed(`${ORIGIN.basic}2.0/overview/`, agent), agent).toBe(false);
    }
    expect(robots.getSitemaps()).toEqual(['https://docs.fixture.example/sitemap.xml']);
    expect(text).not.toMatch(/partners|runbook|GATED/);
    // Gated pages are not listed (listing would expose them); they are simply not built.
    expect((await fetchText(request, 'basic', '1.0/partners/secret-routes/')).status).toBe(404);
    expect((await fetchText(request, 'basic', '1.0/partners/secret-routes.md')).status).toBe(404);
  });

  test('sitemap.xml validates against the sitemaps.org schema and every URL answers 200', async ({ request }) => {
    const { text, type } = await fetchText(request, 'basic', 'sitemap.xml');
    expect(type).toContain('xml');
    expect(await validSitemap(text)).toEqual({ valid: true, errors: [] });
    const urls = locs(text);
    expect(urls).toEqual([...urls].sort());
    expect(urls).toContain('https://docs.fixture.example/1.0/overview/');
    expect(urls.some((url) => url.includes('/2.0/'))).toBe(false);
    for (const url of urls) expect((await request.get(local('basic', url))).status(), url).toBe(200);
  });

  test('every llms.txt link resolves to a file of the output', async ({ request }) => {
    const visited = await followLlms(request, 'basic');
    expect(visited).toContain('https://docs.fixture.example/1.0/guides/deep.md');
    expect(visited).toContain('https://docs.fixture.example/2.0/llms.txt');
    expect(visited).toContain('https://docs.fixture.example/2.0/guides/new-in-two.md');
    expect(visited).toContain('https://docs.fixture.example/llms-full.txt');
    expect(visited.filter((url) => /partners|runbook/.test(url))).toEqual([]);
  });

  test('each HTML page points to its Markdown source, which is clean Markdown', async ({ page, request }) => {
    await page.goto(new URL('1.0/changelog/', siteUrl('basic')).href);
    const href = await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href');
    expect(href).toBe('https://docs.fixture.example/1.0/changelog.md');
    const markdown = await request.get(local('basic', href!));
    // The date line is the file's last commit or, outside git, its modification time.
    expect(await markdown.text()).toMatch(/^# Changelog\n\n> What changed\.\n\nLast updated: \d{4}-\d{2}-\d{2}\n\n## Releases\n\nVersion 1\.0 shipped in 2026\.\n$/);
  });
});

for (const site of ['private', 'privateenv']) {
  test.describe(`login-only site (${site === 'private' ? 'auth in config/site.yml' : 'CARAVAN_DOCS_AUTH_* variables'})`, () => {
    test('robots.txt keeps /, /home, /llms.txt and the sitemap, and denies every documentation page', async ({ request }) => {
      const robots = await robotsOf(request, site);
      for (const agent of AGENTS) {
        for (const path of ['', 'home/', 'llms.txt', 'sitemap.xml']) expect(robots.isAllowed(ORIGIN[site] + path, agent), `${agent} /${path}`).toBe(true);
        for (const path of ['1.0/overview/', '1.0/overview.md', '1.0/partners/secret-routes/', '2.0/overview/', '1.0/all-pages/']) expect(robots.isAllowed(ORIGIN[site] + path, agent), `${agent} /${path}`).toBe(false);
      }
      expect((await fetchText(request, site, 'robots.txt')).text).not.toMatch(/overview|guides|partners|runbook/);
    });

    test('the sitemap holds only / and /home, valid against the schema', async ({ request }) => {
      const { text } = await fetchText(request, site, 'sitemap.xml');
      expect(locs(text)).toEqual(['https://docs.fixture.example/', 'https://docs.fixture.example/home/']);
      expect(await validSitemap(text)).toEqual({ valid: true, errors: [] });
    });

    test('llms.txt lists no pages; no Markdown source and no gated string is in the static files', async ({ request }) => {
      const visited = await followLlms(request, site);
      expect(visited.filter((url) => url.endsWith('.md'))).toEqual([]);
      // A login-only site is a server build: dist/client is what anyone can fetch.
      const files = readAllFiles(join(outDir(site), 'client'));
      expect(files.length).toBeGreaterThan(5);
      expect(files.filter(({ file }) => file.endsWith('.md'))).toEqual([]);
      const leaks = files.flatMap(({ file, text }) => [...MARKERS, 'First guide', 'Deep guide', 'guides/first'].filter((marker) => text.includes(marker)).map((marker) => `${marker} in ${file}`));
      expect(leaks).toEqual([]);
    });
  });
}

test.describe('every discovery file disabled', () => {
  test('no llms.txt (404), robots.txt is exactly "User-agent: *" + "Disallow: /", the sitemap an empty urlset', async ({ request }) => {
    for (const path of ['llms.txt', 'llms-full.txt', '1.0/llms.txt', '2.0/llms-full.txt']) expect((await fetchText(request, 'disabled', path)).status, path).toBe(404);
    const robots = await fetchText(request, 'disabled', 'robots.txt');
    expect(robots.text).toBe('User-agent: *\nDisallow: /\n');
    const parsed = robotsParser('https://docs.fixture.example/robots.txt', robots.text);
    for (const agent of AGENTS) expect(parsed.isAllowed('https://docs.fixture.example/1.0/overview/', agent)).toBe(false);
    expect(parsed.getSitemaps()).toEqual([]);
    const sitemap = await fetchText(request, 'disabled', 'sitemap.xml');
    expect(sitemap.text).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n');
    // Well-formed XML in the sitemap namespace. The sitemaps.org schema requires at least one <url>,
    // so the only complaint it may raise is the missing <url> element.
    const { errors } = await validSitemap(sitemap.text);
    expect(errors.every((error) => /Missing child element|expected is \( \{http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9\}url \)/.test(error))).toBe(true);
  });
});

test.describe('several versions, includeVersions: all, under a /docs base', () => {
  test('every URL is absolute from url + base; unstable versions are listed and allowed', async ({ request }) => {
    const { text } = await fetchText(request, 'versions', 'sitemap.xml');
    expect(await validSitemap(text)).toEqual({ valid: true, errors: [] });
    const urls = locs(text);
    expect(urls.every((url) => url.startsWith('https://docs.versions.example/docs/'))).toBe(true);
    expect(urls).toContain('https://docs.versions.example/docs/2.0-beta/overview/');
    expect(urls.filter((url) => /internal|preview/.test(url))).toEqual([]);
    for (const url of urls) expect((await request.get(local('versions', url))).status(), url).toBe(200);
    const robots = await robotsOf(request, 'versions');
    for (const agent of AGENTS) expect(robots.isAllowed('https://docs.versions.example/docs/2.0-beta/overview/', agent)).toBe(true);
    expect(robots.getSitemaps()).toEqual(['https://docs.versions.example/docs/sitemap.xml']);
  });

  test('/llms.txt comes from the first stable version; every link resolves under /docs', async ({ request }) => {
    const visited = await followLlms(request, 'versions');
    const main = (await fetchText(request, 'versions', 'llms.txt')).text;
    expect(main).toContain('Custom directive: read the .md links.');
    expect([...main.matchAll(/\]\(([^)]+\.md)\)/g)].every((match) => match[1]!.includes('/docs/1.1/'))).toBe(true);
    expect(visited).toContain('https://docs.versions.example/docs/1.0/overview.md');
    expect(visited).toContain('https://docs.versions.example/docs/2.0-beta/overview.md');
    expect(visited.filter((url) => /internal|preview/.test(url))).toEqual([]);
    const leaks = readAllFiles(outDir('versions')).filter(({ text }) => /SECRETSTAFF|SECRETBETA|1\.1\/internal|2\.0-beta\/preview/.test(text)).map(({ file }) => file);
    expect(leaks).toEqual([]);
  });

  test('two builds of the same input give byte-identical discovery files', () => {
    test.setTimeout(120_000);
    const again = join(OUTPUT, 'dist', 'versions-again');
    const { status, output } = astroBuild(join(import.meta.dirname, '../fixtures/discovery-versions'), again);
    expect(status, output).toBe(0);
    const discovery = (dir: string) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => /(?:^|\/)(?:robots\.txt|sitemap[^/]*\.xml|llms[^/]*\.txt)$|\.md$|^vercel\.json$/.test(file))
        .sort();
    const files = discovery(outDir('versions'));
    expect(files.length).toBeGreaterThan(8);
    expect(discovery(again)).toEqual(files);
    for (const file of files) expect(readFileSync(join(again, file), 'utf8'), file).toBe(readFileSync(join(outDir('versions'), file), 'utf8'));
    expect(existsSync(join(again, 'robots.txt'))).toBe(true);
  });
});
