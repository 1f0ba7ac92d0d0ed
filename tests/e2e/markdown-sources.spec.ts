import { expect, test } from '@playwright/test';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { startAstroDev } from './support/dev-server.ts';
import { astroBuild, PROJECT_ROOT } from './support/sites.ts';

// A build writes the public pages' Markdown sources itself (src/integration/page-markdown-files.ts),
// the API reference's from one route per version (src/build-routes/reference-sources.ts); `astro
// dev` serves each from a route. Both must give the same bytes, and so must the other discovery files.
test('astro dev serves every Markdown source and discovery file a build writes, byte for byte', async () => {
  test.setTimeout(180_000);
  const root = mkdtempSync(join(tmpdir(), 'caravan-sources-'));
  cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), root, { recursive: true });
  cpSync(join(PROJECT_ROOT, 'tests/fixtures/openapi/schemas-3.1.yaml'), join(root, 'content/1.0/openapi.yaml'));
  // An event API beside it: its pages' sources come from the integration in a build, from the reference's `.md` route in dev.
  cpSync(join(PROJECT_ROOT, 'tests/fixtures/asyncapi/gemini-2.6.yml'), join(root, 'content/1.0/apis/market/asyncapi.yml'));
  const out = join(root, 'out');
  try {
    const { status, output } = astroBuild(root, out);
    expect(status, output).toBe(0);
    const written = readdirSync(out, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(md|txt|xml)$/.test(file))
      .map((file) => relative(out, join(out, file)))
      .sort();
    expect(written.filter((file) => file.endsWith('.md')).length).toBeGreaterThan(5);
    expect(written).toEqual(expect.arrayContaining(['robots.txt', 'sitemap.xml', 'llms.txt', '1.0/guides/first.md', '1.0/reference.md']));
    // Operations' and schemas' sources, written from the build's one file of them, which is gone.
    expect(written.filter((file) => /^1\.0\/reference\/[^/]+\.md$/.test(file)).length).toBeGreaterThan(2);
    expect(written.filter((file) => /^1\.0\/reference\/schemas\/[^/]+\.md$/.test(file)).length).toBeGreaterThan(2);
    expect(written).toEqual(expect.arrayContaining(['1.0/reference/market.md', '1.0/reference/market/subscribe-v1-marketdata-symbol.md']));
    expect(readdirSync(out)).not.toContain('_reference-sources');
    // Gated pages have no public source.
    expect(written).not.toContain('1.0/partners/secret-routes.md');

    const dev = await startAstroDev(root);
    try {
      await expect.poll(() => fetch(`${dev.origin}/robots.txt`).then((response) => response.status, () => 0), { timeout: 60_000 }).toBe(200);
      for (const file of written) {
        const response = await fetch(`${dev.origin}/${file}`);
        expect(response.status, file).toBe(200);
        if (file.endsWith('.md')) expect(response.headers.get('content-type'), file).toBe('text/markdown; charset=utf-8');
        expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(join(out, file))), `${file} from astro dev equals the built file`).toBe(true);
      }
    } finally {
      await dev.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
