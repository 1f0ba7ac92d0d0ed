import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { accentPalette, accentContrast, AA, SCHEMES } from '../../../src/theme/accent.ts';
import { contrastRatio, parseCssColor, toHex } from '../../../src/theme/colors.ts';
import { faviconOf, siteHref } from '../../../src/theme/assets.ts';
import { sitePartsPlugin } from '../../../src/integration/site-parts.ts';
import { PROJECT_ROOT } from '../../e2e/support/sites.ts';
import { loadError, siteWith } from './support.ts';

const SITE = 'title: Docs\nurl: https://docs.example\n';

describe('CSS colours', () => {
  it('reads hex, rgb(), hsl() and oklch() as the same sRGB colour', () => {
    for (const text of ['#8a4b08', '#8A4B08', 'rgb(138 75 8)', 'rgb(138, 75, 8)', 'rgba(138,75,8,0.5)', 'hsl(30.9 89.2% 28.6%)']) expect(toHex(parseCssColor(text)!)).toBe('#8a4b08');
    expect(toHex(parseCssColor('#fff')!)).toBe('#ffffff');
    expect(toHex(parseCssColor('oklch(1 0 0)')!)).toBe('#ffffff');
    expect(toHex(parseCssColor('oklch(0% 0 0)')!)).toBe('#000000');
  });

  it('refuses what it cannot read rather than guessing', () => {
    for (const text of ['teal', 'var(--brand)', 'color-mix(in srgb, red, blue)', '#12345', 'rgb(1 2)', '']) expect(parseCssColor(text)).toBeUndefined();
  });

  it('computes WCAG 2 contrast: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio(parseCssColor('#000')!, parseCssColor('#fff')!)).toBeCloseTo(21, 5);
    expect(contrastRatio(parseCssColor('#777')!, parseCssColor('#777')!)).toBe(1);
    expect(contrastRatio(parseCssColor('#767676')!, parseCssColor('#fff')!)).toBeCloseTo(4.54, 2);
  });
});

describe('the accent', () => {
  it('the page backgrounds it is checked against are those of site.css', () => {
    const css = readFileSync(join(PROJECT_ROOT, 'src/styles/site.css'), 'utf8');
    expect(css).toContain(`--bg: light-dark(${SCHEMES.light.bg}, ${SCHEMES.dark.bg});`);
    expect(css).toContain(`--bg-soft: light-dark(${SCHEMES.light.bgSoft}, ${SCHEMES.dark.bgSoft});`);
    // The engine's own default passes its own check.
    const [, light, dark] = /--accent: light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\)/.exec(css)!;
    expect(accentPalette(light!, dark!)).toHaveProperty('palette');
  });

  it('derives a dark accent of the same hue with the light one\'s contrast, and picks the text colour on each', () => {
    const result = accentPalette('#0f766e');
    if (!('palette' in result)) throw new Error(result.problem.problem);
    const { light, dark } = result.palette;
    expect(light).toEqual({ accent: '#0f766e', accentFg: '#ffffff' });
    const lightContrast = accentContrast(parseCssColor(light.accent)!, 'light').asText;
    const darkContrast = accentContrast(parseCssColor(dark.accent)!, 'dark').asText;
    expect(darkContrast).toBeGreaterThanOrEqual(Math.min(7, lightContrast) - 0.05);
    expect(darkContrast).toBeLessThan(Math.min(7, lightContrast) + 0.3);
    expect(dark.accentFg).toBe(SCHEMES.dark.bg);
    expect(contrastRatio(parseCssColor(dark.accent)!, parseCssColor(dark.accentFg)!)).toBeGreaterThanOrEqual(AA);
  });

  it('a given dark accent is used as written when it passes', () => {
    expect(accentPalette('#8a4b08', '#f0a54a')).toEqual({ palette: { light: { accent: '#8a4b08', accentFg: '#ffffff' }, dark: { accent: '#f0a54a', accentFg: '#111418' } } });
  });

  it('refuses an accent below AA at the line that sets it, naming the contrast and the nearest colour that passes', () => {
    const message = loadError(siteWith({ 'config/site.yml': `${SITE}theme:\n  accent: "#ffcc00"\n` }));
    expect(message).toMatch(/^config\/site\.yml:4:11: `theme\.accent` #ffcc00 has a contrast of 1\.40:1 with the light page background; .*4\.5:1 \(WCAG AA\)\.\n  Fix: use (#[0-9a-f]{6}), the nearest colour of the same hue that passes\.$/);
    const suggested = /use (#[0-9a-f]{6})/.exec(message)![1]!;
    expect(accentPalette(suggested)).toHaveProperty('palette');
    const dark = loadError(siteWith({ 'config/site.yml': `${SITE}theme:\n  accent: "#0f766e"\n  accentDark: "#0f766e"\n` }));
    expect(dark).toMatch(/^config\/site\.yml:5:15: `theme\.accentDark` #0f766e has a contrast of \d\.\d\d:1 with the dark page background/);
    expect(dark).toMatch(/Fix: use #[0-9a-f]{6}, the nearest colour of the same hue that passes on the dark scheme\.$/);
  });

  it('refuses a colour it cannot read, saying which forms it reads', () => {
    expect(loadError(siteWith({ 'config/site.yml': `${SITE}theme:\n  accent: teal\n` }))).toBe(
      'config/site.yml:4:11: `theme.accent` is not a colour this generator can read\n  Fix: write it as hex (#1d4ed8), rgb(29 78 216), hsl(224 76% 48%) or oklch(0.49 0.22 264).',
    );
    expect(loadError(siteWith({ 'config/site.yml': `${SITE}theme:\n  accentDark: "#f0a54a"\n` }))).toContain('`theme.accentDark` is set without `accent`.');
  });

  it('the resolved config carries both schemes\' colours', () => {
    const { config } = loadSite(siteWith({ 'config/site.yml': `${SITE}theme:\n  accent: "rgb(15 118 110)"\n` })).model;
    expect(config.theme.palette?.light.accent).toBe('#0f766e');
    expect(loadSite(siteWith({ 'config/site.yml': SITE })).model.config.theme.palette).toBeUndefined();
  });
});

describe('files site.yml names', () => {
  it('a logo, favicon, CSS file or component that does not exist stops the load at its line, with the fix', () => {
    expect(loadError(siteWith({ 'config/site.yml': `${SITE}theme:\n  logo: /logo.svg\n` }))).toBe(
      'config/site.yml:4:9: `theme.logo` names public/logo.svg, which does not exist.\n  Fix: put the file at public/logo.svg, or point the key at a file that is there (or at an https URL).',
    );
    expect(loadError(siteWith({ 'config/site.yml': `${SITE}theme:\n  logo: { src: /logo.svg, dark: /logo-dark.svg }\n`, 'public/logo.svg': '<svg/>' }))).toMatch(/^config\/site\.yml:4:\d+: `theme\.logo\.dark` names public\/logo-dark\.svg, which does not exist\./);
    expect(loadError(siteWith({ 'config/site.yml': `${SITE}theme:\n  customCss:\n    - styles/a.css\n    - styles/b.css\n`, 'styles/a.css': 'a{}' }))).toMatch(/^config\/site\.yml:6:\d+: `theme\.customCss\[1\]` names styles\/b\.css, which does not exist\.\n  Fix: create styles\/b\.css in the site folder/);
    expect(loadError(siteWith({ 'config/site.yml': `${SITE}components:\n  Footer: components/Footer.astro\n` }))).toMatch(/^config\/site\.yml:4:\d+: `components\.Footer` names components\/Footer\.astro, which does not exist\.\n  Fix: create components\/Footer\.astro \(an Astro component receiving the props of Footer; it may wrap caravan-docs\/components\/Footer\.astro\)/);
  });

  it('an unknown part name suggests the nearest one and lists the parts that can be replaced', () => {
    const message = loadError(siteWith({ 'config/site.yml': `${SITE}components:\n  Fotter: components/Footer.astro\n`, 'components/Footer.astro': '<footer/>' }));
    expect(message).toBe('config/site.yml:4:3: `components.Fotter` unknown key `Fotter`.\n  Fix: did you mean "Footer"? If not, remove `Fotter` or correct its spelling; allowed keys here: Head, Header, Footer, Landing.');
  });

  it('paths leaving the site folder, and assets that are neither a public file nor https, are refused', () => {
    expect(loadError(siteWith({ 'config/site.yml': `${SITE}theme:\n  customCss: [../outside.css]\n` }))).toContain('must be a .css file inside the site folder');
    expect(loadError(siteWith({ 'config/site.yml': `${SITE}components:\n  Header: /etc/Header.astro\n` }))).toContain('must be an .astro file inside the site folder');
    expect(loadError(siteWith({ 'config/site.yml': `${SITE}theme:\n  favicon: http://cdn.example/f.png\n` }))).toContain('must be a file in public/ written from the site root (like /logo.svg) or an https:// URL');
  });

  it('files that exist, and URLs, load', () => {
    const root = siteWith({
      'config/site.yml': `${SITE}theme:\n  logo: { src: /logo.svg, alt: Acme, replacesTitle: true }\n  favicon: https://cdn.example/icon.png\n  customCss: [styles/a.css]\ncomponents:\n  Footer: components/Footer.astro\n`,
      'public/logo.svg': '<svg/>',
      'styles/a.css': 'a{}',
      'components/Footer.astro': '<footer/>',
    });
    expect(loadSite(root).model.config.theme.logo).toEqual({ src: '/logo.svg', alt: 'Acme', replacesTitle: true });
  });
});

describe('hrefs of the site\'s files and links', () => {
  it('puts the base in front of site paths and leaves URLs alone', () => {
    expect(siteHref('/docs/', '/logo.svg')).toBe('/docs/logo.svg');
    expect(siteHref('/', '/1.0/quickstart/')).toBe('/1.0/quickstart/');
    expect(siteHref('/docs/', 'https://github.com/acme')).toBe('https://github.com/acme');
    expect(faviconOf('/docs/', undefined)).toEqual({ href: '/docs/favicon.svg', type: 'image/svg+xml' });
    expect(faviconOf('/', '/icon.PNG')).toEqual({ href: '/icon.PNG', type: 'image/png' });
  });
});

describe('the components a site replaces', () => {
  const resolve = (plugin: ReturnType<typeof sitePartsPlugin>, id: string) => (plugin.resolveId as (id: string) => string | undefined)(id);
  const load = (plugin: ReturnType<typeof sitePartsPlugin>, id: string) => (plugin.load as (id: string) => string | undefined)(id);

  it('a named part resolves to the site\'s file when set, else to the engine\'s; the package path always names the engine\'s', () => {
    const plugin = sitePartsPlugin('/site', { components: { Footer: 'components/Footer.astro' }, theme: { customCss: [] } as never });
    expect(resolve(plugin, 'virtual:caravan-docs/components/Footer')).toBe('/site/components/Footer.astro');
    expect(resolve(plugin, 'virtual:caravan-docs/components/Header')).toBe(join(PROJECT_ROOT, 'src/components/Header.astro'));
    expect(resolve(plugin, 'caravan-docs/components/Footer.astro')).toBe(join(PROJECT_ROOT, 'src/components/Footer.astro'));
    expect(resolve(plugin, 'virtual:caravan-docs/components/Sidebar')).toBeUndefined();
  });

  it('custom CSS is one module importing each file inline, in order; none is an empty string', () => {
    const plugin = sitePartsPlugin('/site', { components: {}, theme: { customCss: ['a.css', 'styles/b.css'] } as never });
    const id = resolve(plugin, 'virtual:caravan-docs/custom-css')!;
    expect(load(plugin, id)).toBe('import css0 from "/site/a.css?inline";\nimport css1 from "/site/styles/b.css?inline";\nexport default [css0, css1].join(\'\\n\');');
    const none = sitePartsPlugin('/site', { components: {}, theme: { customCss: [] } as never });
    expect(load(none, resolve(none, 'virtual:caravan-docs/custom-css')!)).toBe("\nexport default '';");
  });
});
