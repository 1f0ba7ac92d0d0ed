import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { localeOfPath } from '../../../src/i18n/locales.ts';
import { loadError, siteWith } from './support.ts';

const SITE = 'title: Docs\nurl: https://docs.example\n';

describe('i18n in site.yml', () => {
  it('a site without i18n is in English, left to right', () => {
    const { config } = loadSite(siteWith({}), {}).model;
    expect(config.i18n).toEqual({ defaultLocale: 'en', locales: [{ id: 'en', label: 'English', dir: 'ltr' }], strings: {}, untranslated: 'fallback' });
  });

  it('reads locales with canonical ids, labels and directions', () => {
    const site = siteWith({ 'config/site.yml': `${SITE}i18n:\n  defaultLocale: de\n  locales:\n    - { id: de, label: Deutsch }\n    - { id: ar, label: العربية, dir: rtl }\n    - { id: pt-br }\n` });
    const { model: { config }, warnings } = loadSite(site, {});
    expect(config.i18n.locales).toEqual([
      { id: 'de', label: 'Deutsch', dir: 'ltr' },
      { id: 'ar', label: 'العربية', dir: 'rtl' },
      { id: 'pt-BR', label: 'português (Brasil)', dir: 'ltr' },
    ]);
    expect(warnings.filter((warning) => warning.message.includes('right to left'))).toEqual([]);
  });

  it('a tag that is not BCP 47 names its line and an example', () => {
    const message = loadError(siteWith({ 'config/site.yml': `${SITE}i18n:\n  locales:\n    - { id: en }\n    - { id: deutsch_de }\n` }));
    expect(message).toBe('config/site.yml:6:13: `i18n.locales[1].id` "deutsch_de" is not a BCP 47 language tag\n  Fix: use a tag like en, de, pt-BR or zh-Hans.');
  });

  it('the default locale must be one of the locales', () => {
    const message = loadError(siteWith({ 'config/site.yml': `${SITE}i18n:\n  defaultLocale: fr\n  locales: [{ id: de }, { id: ja }]\n` }));
    expect(message).toBe('config/site.yml:4:18: `i18n.defaultLocale` "fr" is not one of `locales`\n  Fix: add { id: fr } to `locales`, or pick one of: de, ja.');
  });

  it('a locale id may not be a version id', () => {
    const site = siteWith({ 'config/site.yml': `${SITE}i18n:\n  locales: [{ id: en }, { id: de }]\n`, 'config/versions.yml': '- { id: de, label: "DE", stable: true }\n', 'content/de/nav.yml': '- page: index\n', 'content/de/index.md': '---\ntitle: Home\n---\nHi\n' });
    expect(loadError(site)).toBe('config/site.yml:4:31: `i18n.locales[1].id` "de" is also a version id in config/versions.yml.\n  Fix: rename the version or the locale: both name the first segment of page URLs.');
  });

  it('a locale id may not be a path the site uses', () => {
    const message = loadError(siteWith({ 'config/site.yml': `${SITE}i18n:\n  defaultLocale: mcp\n` }));
    expect(message).toMatch(/^config\/site\.yml:4:18: `i18n\.defaultLocale` "mcp" is a path the site itself uses\n {2}Fix: pick another id; these are taken: home, login/);
  });

  it('an unknown string key names the key and the closest known one', () => {
    const message = loadError(siteWith({ 'config/site.yml': `${SITE}i18n:\n  strings:\n    en:\n      search.buton: Find\n` }));
    expect(message).toMatch(/^config\/site\.yml:6:7: `i18n\.strings\.en\.search\.buton` unknown key `search\.buton`\.\n {2}Fix: did you mean "search\.button"\?/);
  });

  it('strings for a locale the site does not have name it and the locales', () => {
    const message = loadError(siteWith({ 'config/site.yml': `${SITE}i18n:\n  locales: [{ id: en }, { id: de }]\n  strings:\n    ed: { search.button: Suchen }\n` }));
    expect(message).toBe('config/site.yml:6:9: `i18n.strings.ed` names the locale "ed", which the site does not have\n  Fix: did you mean "en"? If not, use one of: en, de.');
  });

  it('keeps the site texts by canonical locale id', () => {
    const { config } = loadSite(siteWith({ 'config/site.yml': `${SITE}i18n:\n  defaultLocale: pt-BR\n  strings:\n    pt-br: { search.button: Buscar }\n` }), {}).model;
    expect(config.i18n.strings).toEqual({ 'pt-BR': { 'search.button': 'Buscar' } });
  });

  it('warns when a right-to-left language keeps dir: ltr', () => {
    const { warnings } = loadSite(siteWith({ 'config/site.yml': `${SITE}i18n:\n  defaultLocale: ar\n` }), {});
    expect(warnings).toContainEqual({ file: 'config/site.yml:4', message: 'locale "ar" is written right to left, but its pages are rendered left to right: add `dir: rtl` to its entry in `i18n.locales`.' });
  });
});

describe('the locale of a page', () => {
  const i18n = { defaultLocale: 'de', locales: [{ id: 'de', label: 'Deutsch', dir: 'ltr' as const }, { id: 'ar', label: 'العربية', dir: 'rtl' as const }], strings: {}, untranslated: 'fallback' as const };

  it('is the default locale for every page of today', () => {
    expect(localeOfPath(i18n, '/docs/', '/docs/1.0/overview/').id).toBe('de');
    expect(localeOfPath(i18n, '/docs/', '/docs/').id).toBe('de');
  });

  it("is another locale when the path's first segment names it", () => {
    expect(localeOfPath(i18n, '/docs/', '/docs/ar/1.0/overview/')).toEqual({ id: 'ar', label: 'العربية', dir: 'rtl' });
    expect(localeOfPath(i18n, '/', '/de/1.0/').id).toBe('de');
  });
});
