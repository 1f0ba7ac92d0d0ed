import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { siteUrl } from './support/sites.ts';

// Localized content trees: the basic fixture in English with German (overview, first guide, the
// gated partners page, the Guides title) and Arabic (overview) translations
// (tests/e2e/support/global-setup.ts, writeTranslatedSite).
const site = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('translated')).href;
const ORIGIN = 'https://docs.fixture.example';

test.describe('localized pages', () => {
  test('a translated page speaks its language, and its sidebar and links stay in the locale', async ({ page }) => {
    await page.goto(site('/de/1.0/overview/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Überblick');
    await expect(page).toHaveTitle('Überblick | Fixture Docs');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${ORIGIN}/de/1.0/overview/`);
    const sidebar = page.getByRole('navigation', { name: 'Dokumentation' });
    // Titles from the translations' front matter, section titles from content/de/1.0/nav.yml.
    await expect(sidebar.getByText('Anleitungen')).toBeVisible();
    // (in a closed section: links by their text, not their role)
    await expect(sidebar.locator('a', { hasText: 'Erste Anleitung' })).toHaveAttribute('href', '/de/1.0/guides/first/');
    await expect(sidebar.locator('a', { hasText: 'Second guide' })).toHaveAttribute('href', '/de/1.0/guides/second/');
    await expect(page.getByRole('navigation', { name: 'Vorherige und nächste Seite' }).getByRole('link')).toHaveAttribute('href', /^\/de\/1\.0\//);
    // The gated page's translation is gated like its original: not in the public sidebar.
    await expect(sidebar.getByText('Partnernetz')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Als Markdown ansehen' })).toHaveAttribute('href', /\/de\/1\.0\/overview\.md$/);
  });

  test('a page not yet translated is shown in English under the locale URL, with a notice and a canonical link to the original', async ({ page }) => {
    await page.goto(site('/de/1.0/guides/second/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByText('Diese Seite ist noch nicht auf Deutsch übersetzt; sie wird in der Originalsprache gezeigt.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Second guide');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${ORIGIN}/1.0/guides/second/`);
    await expect(page.locator('link[hreflang]')).toHaveCount(0);
    // The interface is German, the text English: screen readers read each in its language.
    await expect(page.locator('.content')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
  });

  test('search is scoped to the page\'s locale: Pagefind keeps one index per <html lang>', async ({ page }) => {
    await page.goto(site('/de/1.0/overview/'));
    await page.getByRole('button', { name: 'Suche' }).click();
    const german = page.getByRole('dialog', { name: 'Dokumentation durchsuchen' });
    await german.getByRole('searchbox').fill('Anleitung');
    await expect(german.locator('a[href="/de/1.0/guides/first/"]')).toBeVisible();
    // Untranslated pages shown under /de/ are in the German index too; English URLs are not.
    await german.getByRole('searchbox').fill('guide');
    await expect(german.locator('.search-results a').first()).toBeVisible();
    expect(await german.locator('.search-results a').evaluateAll((links) => links.map((link) => link.getAttribute('href')).filter((href) => !href!.startsWith('/de/')))).toEqual([]);
    await page.goto(site('/1.0/overview/'));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const english = page.getByRole('dialog', { name: 'Search the documentation' });
    await english.getByRole('searchbox').fill('guide');
    await expect(english.locator('.search-results a').first()).toBeVisible();
    expect(await english.locator('.search-results a').evaluateAll((links) => links.map((link) => link.getAttribute('href')).filter((href) => href!.startsWith('/de/') || href!.startsWith('/ar/')))).toEqual([]);
  });

  test('pages with translations carry hreflang alternates, x-default included; others none', async ({ page }) => {
    await page.goto(site('/1.0/overview/'));
    const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`));
    expect(alternates).toEqual([`en ${ORIGIN}/1.0/overview/`, `de ${ORIGIN}/de/1.0/overview/`, `ar ${ORIGIN}/ar/1.0/overview/`, `x-default ${ORIGIN}/1.0/overview/`]);
    await page.goto(site('/1.0/guides/second/'));
    await expect(page.locator('link[hreflang]')).toHaveCount(0);
  });

  test('the language switcher links the same page in each locale, labelled from i18n.locales', async ({ page }) => {
    await page.goto(site('/1.0/guides/first/'));
    const switcher = page.locator('.language-switcher');
    await switcher.locator('summary').click();
    await expect(switcher.locator('summary')).toHaveAccessibleName('English (EN), switch language');
    await expect(switcher.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('href', '/de/1.0/guides/first/');
    await expect(switcher.getByRole('link', { name: 'العربية' })).toHaveAttribute('href', '/ar/1.0/guides/first/');
    await switcher.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(site('/de/1.0/guides/first/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erste Anleitung');
  });

  test('an untranslated version is there in every locale (fallback), and the gated translation is not built', async ({ request }) => {
    expect((await request.get(site('/de/2.0/overview/'))).status()).toBe(200);
    expect((await request.get(site('/de/1.0/partners/'))).status()).toBe(404);
    expect((await request.get(site('/de/1.0/partners.md'))).status()).toBe(404);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`a right-to-left translation mirrors and axe finds no violations (${colorScheme})`, async ({ page }) => {
      test.setTimeout(100_000);
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.goto(site('/ar/1.0/overview/'));
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('نظرة عامة');
      const sidebar = await page.locator('nav.sidebar').boundingBox();
      const main = await page.locator('main').boundingBox();
      expect(sidebar!.x).toBeGreaterThan(main!.x + main!.width / 2);
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(site('/de/1.0/guides/second/'));
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe('discovery of localized pages', () => {
  test('a translation has its Markdown source and its locale its llms.txt, linked from the root llms.txt', async ({ request }) => {
    const markdown = await request.get(site('/de/1.0/overview.md'));
    expect(markdown.status()).toBe(200);
    expect(await markdown.text()).toMatch(/^# Überblick\n\n> Worum es in der Vorlage geht\.\n/);
    const index = await (await request.get(site('/de/1.0/llms.txt'))).text();
    expect(index).toContain(`- [Überblick](${ORIGIN}/de/1.0/overview.md)`);
    expect(index).toContain(`- [Erste Anleitung](${ORIGIN}/de/1.0/guides/first.md)`);
    expect(index).not.toContain('Partnernetz');
    expect(index).not.toContain('second.md');
    expect(await (await request.get(site('/llms.txt'))).text()).toContain(`- [Deutsch](${ORIGIN}/de/llms.txt)`);
    expect((await request.get(site('/ar/1.0/llms.txt'))).status()).toBe(200);
  });

  test('sitemap.xml carries hreflang alternates with x-default', async ({ request }) => {
    const sitemap = await (await request.get(site('/sitemap.xml'))).text();
    expect(sitemap).toContain(`<loc>${ORIGIN}/de/1.0/overview/</loc>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/1.0/overview/"/>`);
    expect(sitemap).not.toContain('/de/1.0/partners/');
  });
});

test('the default site has German pages (untranslated: omit): their sidebar lists only translations and links the API reference in English', async ({ page, request }) => {
  const caravan = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('default')).href;
  await page.goto(caravan('/de/1.2/overview/'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Überblick');
  const sidebar = page.getByRole('navigation', { name: 'Dokumentation' });
  await expect(sidebar.locator('a', { hasText: 'Versionierung' })).toHaveAttribute('href', '/de/1.2/api-basics/versioning/');
  await expect(sidebar.getByText('API-Grundlagen')).toBeVisible();
  await expect(sidebar.locator('a', { hasText: 'Quickstart' })).toHaveCount(0);
  await expect(sidebar.locator('a[href="/1.2/reference/list-caravans/"]')).toHaveCount(1);
  // English pages keep their URLs and offer the German page.
  await page.goto(caravan('/1.2/overview/'));
  await page.locator('.language-switcher summary').click();
  await expect(page.locator('.language-switcher').getByRole('link', { name: 'Deutsch' })).toHaveAttribute('href', '/de/1.2/overview/');
  expect((await request.get(caravan('/de/1.2/quickstart/'))).status()).toBe(404);
  expect((await request.get(caravan('/de/1.2/partners/'))).status()).toBe(404);
});
