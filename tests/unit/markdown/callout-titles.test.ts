import { markdownToHtml } from 'satteri';
import { describe, expect, it } from 'vitest';
import { i18nSchema } from '../../../src/config/schemas/i18n.ts';
import { localeOfContentFile } from '../../../src/i18n/locales.ts';
import { calloutTitlesOfFile } from '../../../src/integration/callout-locale.ts';
import { calloutTitlesPlugin } from '../../../src/markdown/callout-titles.ts';
import { componentsPlugin } from '../../../src/markdown/components.ts';
import { directivesPlugin } from '../../../src/markdown/directives.ts';
import { descriptionHtml } from '../../../src/reference/description-markdown.ts';

const ROOT = '/site';
const CONTENT = '/site/content';
const german = i18nSchema.parse({ defaultLocale: 'de' });
const englishWithArabic = i18nSchema.parse({ defaultLocale: 'en', locales: [{ id: 'en', label: 'English' }, { id: 'ar', label: 'العربية', dir: 'rtl' }] });

function render(markdown: string, file: string, i18n = german): string {
  const hastPlugins = [componentsPlugin, calloutTitlesPlugin(calloutTitlesOfFile(i18n, CONTENT))];
  return markdownToHtml(markdown, { features: { directive: true }, mdastPlugins: [directivesPlugin({ root: ROOT })], hastPlugins, fileURL: new URL(`file://${file}`) }).html;
}

describe('callout titles in the page language', () => {
  it('a German site titles GitHub alerts and directives in German', () => {
    expect(render('> [!WARNING]\n> Hot sand.\n', '/site/content/v1/page.md')).toContain('<p class="callout-title">Warnung</p>');
    expect(render(':::tip\nDrink water.\n:::\n', '/site/content/v1/page.md')).toContain('<p class="callout-title">Tipp</p>');
  });

  it('a custom title keeps the localized kind for screen readers', () => {
    expect(render(':::caution[Dunes ahead]\nSlow down.\n:::\n', '/site/content/v1/page.md')).toContain('<span class="visually-hidden">Vorsicht: </span>Dunes ahead');
  });

  it('a page under content/<locale>/ takes that locale; other pages the default locale', () => {
    expect(render('> [!NOTE]\n> x\n', '/site/content/ar/v1/page.md', englishWithArabic)).toContain('<p class="callout-title">ملاحظة</p>');
    expect(render('> [!NOTE]\n> x\n', '/site/content/v1/page.md', englishWithArabic)).toContain('<p class="callout-title">Note</p>');
  });

  it('a site text overrides the built-in title', () => {
    const custom = i18nSchema.parse({ defaultLocale: 'de', strings: { de: { 'callout.note': 'Notiz' } } });
    expect(render('> [!NOTE]\n> x\n', '/site/content/v1/page.md', custom)).toContain('<p class="callout-title">Notiz</p>');
  });

  it('English pages are byte-identical to the pipeline without the plugin', () => {
    const markdown = ':::note[Own title]\nx\n:::\n\n> [!CAUTION]\n> y\n';
    const english = i18nSchema.parse({});
    const plain = markdownToHtml(markdown, { features: { directive: true }, mdastPlugins: [directivesPlugin({ root: ROOT })], hastPlugins: [componentsPlugin], fileURL: new URL('file:///site/content/v1/page.md') }).html;
    expect(render(markdown, '/site/content/v1/page.md', english)).toBe(plain);
  });

  it('localeOfContentFile reads the first folder under content/', () => {
    expect(localeOfContentFile(englishWithArabic, CONTENT, new URL('file:///site/content/ar/v1/x.md')).id).toBe('ar');
    expect(localeOfContentFile(englishWithArabic, CONTENT, new URL('file:///site/content/v1/x.md')).id).toBe('en');
    expect(localeOfContentFile(englishWithArabic, CONTENT, undefined).id).toBe('en');
  });
});

describe('callout titles in OpenAPI descriptions', () => {
  it('takes the page language, and one text renders apart per language', () => {
    const text = '> [!IMPORTANT]\n> Ten loans at most.\n';
    expect(descriptionHtml(text)).toContain('<p class="callout-title">Important</p>');
    const titles = { note: 'Hinweis', tip: 'Tipp', important: 'Wichtig', warning: 'Warnung', caution: 'Vorsicht' };
    expect(descriptionHtml(text, { calloutTitles: titles })).toContain('<p class="callout-title">Wichtig</p>');
    expect(descriptionHtml(text)).toContain('<p class="callout-title">Important</p>');
  });
});
