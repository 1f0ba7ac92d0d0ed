import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { siteUrl } from './support/sites.ts';
import { UNMOUNTED_CONSOLE } from './support/checked-pages.ts';

// Interface languages (site.yml `i18n`): the any-api fixture with `defaultLocale: de` (and one
// site text of its own), and again with `defaultLocale: ar` (right to left).
const german = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('german')).href;
const arabic = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('arabic')).href;

test.describe('a site whose default locale is German', () => {
  test('a guide page speaks German: lang, sidebar, breadcrumbs, table of contents, page actions, previous/next', async ({ page }) => {
    await page.goto(german('/v1/borrowing/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeAttached();
    await expect(page.getByRole('navigation', { name: 'Dokumentation' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Vorherige und nächste Seite' }).getByText('Zurück')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Seite als Markdown kopieren' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Als Markdown ansehen' })).toBeVisible();
    // The site's own text replaces the built-in "Auf dieser Seite".
    await expect(page.getByRole('heading', { name: 'Inhalt dieser Seite' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Code in die Zwischenablage kopieren' }).first()).toHaveText('Kopieren');
    // The generated API reference section speaks German too.
    await expect(page.getByRole('navigation', { name: 'Dokumentation' }).getByText('API-Referenz', { exact: true })).toBeVisible();
    // The version is called "v1": the switcher shows it as it is, not "vv1".
    await expect(page.locator('.version-switcher summary')).toHaveAccessibleName('v1, Version wechseln');
    await expect(page.locator('.version-switcher summary')).toHaveText('v1');
  });

  test('callouts carry German titles, on guides and in the API description', async ({ page }) => {
    await page.goto(german('/v1/borrowing/'));
    await expect(page.locator('aside.callout-warning .callout-title')).toHaveText('Warnung');
    await page.goto(german('/v1/reference/'));
    await expect(page.locator('aside.callout-note .callout-title').first()).toHaveText('Hinweis');
    await expect(page.locator('aside.callout-warning .callout-title').first()).toHaveText('Warnung');
  });

  test('the search box and its results speak German', async ({ page }) => {
    await page.goto(german('/v1/borrowing/'));
    await page.getByRole('button', { name: 'Suche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dokumentation durchsuchen' });
    await dialog.getByRole('searchbox', { name: 'Dokumentation durchsuchen' }).fill('zzzqqqxxy');
    await expect(dialog.getByRole('status')).toHaveText('Keine Ergebnisse für „zzzqqqxxy“.');
    await dialog.getByRole('searchbox').fill('loan');
    await expect(dialog.getByRole('status')).toHaveText(/^\d+ Ergebnis(se)?\.$|^1 Ergebnis\.$/);
  });

  test('an operation page: German reference headings and a German console', async ({ page }) => {
    await page.goto(german('/v1/reference/get-items/'));
    // The generated section's entries and the breadcrumbs: "API-Referenz", "Überblick".
    await expect(page.getByRole('navigation', { name: 'Dokumentation' }).getByRole('link', { name: 'Überblick', exact: true })).toHaveAttribute('href', '/v1/reference/');
    await expect(page.getByRole('navigation', { name: 'Brotkrumen' }).getByRole('link').first()).toHaveText('API-Referenz');
    await expect(page.getByRole('heading', { level: 2, name: 'Parameter', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Antworten' })).toBeVisible();
    await expect(page.locator(UNMOUNTED_CONSOLE)).toHaveCount(0, { timeout: 15_000 });
    const console = page.locator('[data-try-it]').first();
    await expect(console).toHaveAttribute('aria-label', /^Ausprobieren: /);
    await console.getByRole('button', { name: 'Senden' }).click();
    await expect(console.getByText('Beantwortet von der Sandbox in Ihrem Browser.')).toBeVisible();
    await expect(console.getByRole('group', { name: 'Antwort', exact: true })).toBeVisible();
    // Inline, only the texts that differ from the English the console's script carries.
    const inline = JSON.parse((await page.locator('script[data-ui-strings]').first().textContent())!) as Record<string, string>;
    expect(inline['console.send']).toBe('Senden');
    expect(Object.values(inline)).not.toContain('Send');
  });

  test('the 404 page speaks German', async ({ page }) => {
    const response = await page.goto(german('/v1/no-such-page/'));
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
    await expect(page.getByRole('link', { name: 'Startseite' })).toBeVisible();
  });
});

test.describe('a site whose default locale is Arabic', () => {
  test('pages are right to left, with the sidebar on the right', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(arabic('/v1/borrowing/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const sidebar = await page.getByRole('navigation', { name: 'التوثيق' }).boundingBox();
    const main = await page.locator('main').boundingBox();
    expect(sidebar!.x).toBeGreaterThan(main!.x + main!.width / 2);
    await expect(page.getByRole('navigation', { name: 'الصفحة السابقة والتالية' })).toBeVisible();
  });

  test('an operation page mirrors: samples and examples in the left-hand column, Arabic callout titles', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(arabic('/v1/reference/get-items/'));
    await expect(page.locator(UNMOUNTED_CONSOLE)).toHaveCount(0, { timeout: 15_000 });
    const aside = await page.locator('.operation-aside').boundingBox();
    const details = await page.locator('.operation-details').boundingBox();
    expect(aside!.x + aside!.width).toBeLessThanOrEqual(details!.x);
    await page.goto(arabic('/v1/reference/'));
    await expect(page.locator('aside.callout-note .callout-title').first()).toHaveText('ملاحظة');
  });

  test('breadcrumb separators are the one character › that the browser mirrors to ‹ right to left', async ({ page }) => {
    await page.goto(arabic('/v1/reference/get-items/'));
    // U+203A is bidi-mirrored: a right-to-left page shows it as ‹. A separate ‹ for rtl would show as ›.
    const separator = await page.locator('.breadcrumbs li + li').first().evaluate((item) => getComputedStyle(item, '::before').content);
    expect(separator).toBe('"›"');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe finds no violations on a right-to-left guide page and its open search (${colorScheme})`, async ({ page }) => {
      test.setTimeout(100_000);
      await page.emulateMedia({ colorScheme });
      await page.goto(arabic('/v1/borrowing/'));
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'بحث' }).click();
      expect(await axeViolations(page)).toEqual([]);
    });

    test(`axe finds no violations on a right-to-left operation page with its console (${colorScheme})`, async ({ page }) => {
      test.setTimeout(100_000);
      await page.emulateMedia({ colorScheme });
      await page.goto(arabic('/v1/reference/get-items/'));
      await expect(page.locator(UNMOUNTED_CONSOLE)).toHaveCount(0, { timeout: 15_000 });
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test('an English page carries no console strings inline: its script has them', async ({ page }) => {
  await page.goto(new URL('1.2/reference/publish-route/', siteUrl('default')).href);
  await expect(page.locator(UNMOUNTED_CONSOLE)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[data-try-it]').first().getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  await expect(page.locator('script[data-ui-strings]')).toHaveCount(0);
});
