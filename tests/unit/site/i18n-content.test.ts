import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { anonymousView, contentSelection } from '../../../src/integration/build-model.ts';
import { localeAlternates, localePageUrl, localizedPageMarkdownPath } from '../../../src/model/locale-urls.ts';
import { flattenPages } from '../../../src/model/tree.ts';
import type { SiteModel } from '../../../src/model/types.ts';
import { loadError, siteWith } from './support.ts';

const SITE = 'title: Fixture Docs\nurl: https://docs.fixture.example\n';
const I18N = 'i18n:\n  defaultLocale: en\n  locales: [{ id: en }, { id: de, label: Deutsch }]\n';

const german = (extra: Record<string, string | null> = {}, i18n = I18N) =>
  siteWith({
    'config/site.yml': `${SITE}${i18n}`,
    'content/de/1.0/overview.md': '---\ntitle: Überblick\ndescription: Worum es geht.\n---\n\nHallo.\n',
    'content/de/1.0/partners.md': '---\ntitle: Partnernetz\n---\n\nGeheim.\n',
    'content/de/1.0/nav.yml': 'Guides: Anleitungen\n',
    ...extra,
  });

const localePages = (model: SiteModel, locale = 'de', version = '1.0') =>
  flattenPages(model.locales!.find((site) => site.locale.id === locale)!.versions.find((site) => site.version.id === version)!.nav);

describe('localized content trees', () => {
  it('a site without i18n has no localized trees', () => {
    expect(loadSite(siteWith({}), {}).model.locales).toBeUndefined();
  });

  it('a translation takes its title from its own front matter and its roles from the version nav', () => {
    const { model } = loadSite(german(), {});
    const pages = localePages(model);
    expect(pages.find((page) => page.slug === 'overview')).toMatchObject({ title: 'Überblick', description: 'Worum es geht.', file: 'content/de/1.0/overview.md', public: true });
    // The translation of a gated page is gated like the original.
    expect(pages.find((page) => page.slug === 'partners')).toMatchObject({ title: 'Partnernetz', file: 'content/de/1.0/partners.md', public: false, requires: [['partner']] });
  });

  it('by default an untranslated page is shown in the default language, marked untranslated', () => {
    const { model } = loadSite(german(), {});
    expect(localePages(model).find((page) => page.slug === 'guides/first')).toMatchObject({ title: 'First guide', file: 'content/1.0/guides/first.md', untranslated: true });
    // The 2.0 tree has no translation at all: every page falls back.
    expect(localePages(model, 'de', '2.0').every((page) => page.untranslated)).toBe(true);
  });

  it('`untranslated: omit` leaves untranslated pages (and sections left empty) out', () => {
    const { model } = loadSite(german({}, `${I18N}  untranslated: omit\n`), {});
    expect(localePages(model).map((page) => page.slug)).toEqual(['overview', 'partners']);
    expect(localePages(model, 'de', '2.0')).toEqual([]);
  });

  it('section titles come from the locale nav.yml, others stay as written', () => {
    const { model } = loadSite(german(), {});
    const nav = model.locales![0]!.versions[0]!.nav;
    expect(nav.filter((node) => node.kind === 'section').map((node) => node.title)).toEqual(['Anleitungen', 'Partner network', 'Operations', 'Resources']);
  });

  it('a locale nav.yml naming a section the version lacks names file, line and fix', () => {
    expect(loadError(german({ 'content/de/1.0/nav.yml': 'Guides: Anleitungen\nGuidez: Falsch\n' }))).toBe(
      'content/de/1.0/nav.yml:2: `Guidez` is not a section title of content/1.0/nav.yml.\n  Fix: did you mean "Guides"? If not, map section titles of content/1.0/nav.yml to their translation, like `Guides: …`.',
    );
  });

  it('a translation no nav entry names is reported and not built', () => {
    const { warnings, orphans } = loadSite(german({ 'content/de/1.0/extra.md': '---\ntitle: Extra\n---\n' }), {});
    expect(orphans).toContain('content/de/1.0/extra.md');
    expect(warnings.map((warning) => `${warning.file}: ${warning.message}`)).toContain('content/de/1.0/extra.md: translates no page of content/1.0/nav.yml, so it is not built. Name it like the page it translates (content/1.0/<slug>.md).');
  });

  it('a locale folder is not mistaken for an unlisted version', () => {
    const { warnings } = loadSite(german({ 'content/de/1.0/nav.yml': null }), {});
    expect(warnings.filter((warning) => warning.file.startsWith('content/de'))).toEqual([]);
  });

  it('the anonymous view drops gated translations like gated originals', () => {
    const view = anonymousView(loadSite(german(), {}).model);
    expect(localePages(view).map((page) => page.slug)).not.toContain('partners');
    expect(localePages(view).map((page) => page.slug)).toContain('overview');
  });

  it('the content selection loads built translations and leaves gated ones and orphans out', () => {
    const { model, orphans } = loadSite(german({ 'content/de/1.0/extra.md': '---\ntitle: Extra\n---\n' }), {});
    const { pattern } = contentSelection(model, anonymousView(model), orphans, '/content');
    expect(pattern).toContain('de/1.0/**/*.{md,mdx}');
    expect(pattern).toContain('!de/1.0/partners.md');
    expect(pattern).toContain('!de/1.0/extra.md');
  });

  it('without i18n the content selection is as before', () => {
    const { model, orphans } = loadSite(siteWith({}), {});
    expect(contentSelection(model, anonymousView(model), orphans, '/content').pattern.some((glob) => glob.startsWith('de/'))).toBe(false);
  });
});

describe('localized URLs', () => {
  it('the default locale keeps /{version}/…; another is under /{locale}/', () => {
    expect(localePageUrl('/', 'en', 'en', '1.2', 'overview')).toBe('/1.2/overview/');
    expect(localePageUrl('/docs/', 'en', 'de', '1.2', 'guides/first')).toBe('/docs/de/1.2/guides/first/');
    expect(localizedPageMarkdownPath('de', '1.2', 'guides/first')).toBe('de/1.2/guides/first.md');
  });

  it('alternates list every locale holding a translation, plus x-default for the original', () => {
    const { model } = loadSite(german(), {});
    const view = anonymousView(model);
    expect(localeAlternates(view, '1.0', 'overview')).toEqual([
      { hreflang: 'en', path: '1.0/overview/' },
      { hreflang: 'de', path: 'de/1.0/overview/' },
      { hreflang: 'x-default', path: '1.0/overview/' },
    ]);
    // A page shown untranslated is no alternate: it is the same text.
    expect(localeAlternates(view, '1.0', 'guides/first')).toEqual([]);
  });
});
