import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { discoveryFiles } from '../../../src/discovery/all-files.ts';
import { pageMarkdown } from '../../../src/discovery/markdown.ts';
import { anonymousView } from '../../../src/integration/build-model.ts';
import { buildCorpus } from '../../../src/mcp/corpus.ts';
import { locateDoc } from '../../../src/mcp/locate.ts';
import { createDocsServer } from '../../../src/mcp/tools.ts';
import { agentView } from '../../../src/mcp/view.ts';
import { siteWith } from '../site/support.ts';

// The auth fixture with German translations of the public overview and the gated partner routes page.
function germanCorpus() {
  const root = siteWith(
    {
      'config/site.yml': `${readFileSync(join(import.meta.dirname, '../../fixtures/auth/config/site.yml'), 'utf8')}i18n:\n  locales: [{ id: en }, { id: de, label: Deutsch }]\n`,
      'content/de/1.0/overview.md': '---\ntitle: Überblick\ndescription: Worum es geht.\n---\n\nKAMELKARAWANE auf Deutsch.\n',
      'content/de/1.0/partners/routes.md': '---\ntitle: Partnerrouten\n---\n\nGEHEIMEROUTEN nur für Partner.\n',
    },
    'auth',
  );
  const { model } = loadSite(root, {});
  const readSource = (file: string) => readFileSync(join(root, file), 'utf8');
  const published = discoveryFiles(anonymousView(model), { readSource });
  const markdownFor = (base: string, versionId: string, page: { slug: string; title: string; description: string; file: string }) =>
    pageMarkdown({ config: { ...model.config, base }, versionId, slug: page.slug, title: page.title, description: page.description, source: readSource(page.file), mdx: false });
  return buildCorpus({
    model,
    llmsFiles: new Map([...published].filter(([path]) => path.endsWith('llms.txt'))),
    pageMarkdown: (versionId, page) => markdownFor(model.config.base, versionId, page),
    localePageMarkdown: (locale, versionId, page) => markdownFor(`${model.config.base}${locale}/`, versionId, page),
    reference: () => [],
  });
}

const partner = { id: 'fixpartner', name: 'Fay Partner', roles: ['partner'] };

describe('MCP tools in another locale', () => {
  const corpus = germanCorpus();

  test('translations are documents of their locale, gated like their originals', () => {
    const anonymous = agentView(corpus, undefined);
    expect([...anonymous.locales.get('de')!.get('1.0')!.keys()]).toEqual(['overview']);
    expect([...agentView(corpus, partner).locales.get('de')!.get('1.0')!.keys()]).toEqual(['overview', 'partners/routes']);
    // The default locale's version lists only its own pages.
    expect(anonymous.versions[0]!.docs.every((doc) => doc.locale === undefined)).toBe(true);
  });

  test('search is per locale: the default one unless `locale` names another; gated translations only for their readers', () => {
    const anonymous = agentView(corpus, undefined);
    expect(anonymous.search.search('KAMELKARAWANE', { limit: 10 })).toEqual([]);
    expect(anonymous.search.search('KAMELKARAWANE', { locale: 'de', limit: 10 }).map((hit) => [hit.locale, hit.url])).toEqual([['de', 'https://docs.auth-fixture.example/de/1.0/overview/']]);
    expect(anonymous.search.search('GEHEIMEROUTEN', { locale: 'de', limit: 10 })).toEqual([]);
    expect(agentView(corpus, partner).search.search('GEHEIMEROUTEN', { locale: 'de', limit: 10 }).map((hit) => hit.slug)).toEqual(['partners/routes']);
  });

  test('read_page finds a translation by its URL, its path, or its slug with `locale`', () => {
    const anonymous = agentView(corpus, undefined);
    for (const [reference, locale] of [['https://docs.auth-fixture.example/de/1.0/overview/', undefined], ['/de/1.0/overview.md', undefined], ['overview', 'de']] as const) {
      expect(locateDoc(anonymous, reference, undefined, locale)?.markdown, reference).toBe('# Überblick\n\n> Worum es geht.\n\nKAMELKARAWANE auf Deutsch.\n');
    }
    expect(locateDoc(anonymous, '/de/1.0/partners/routes/', undefined)).toBeUndefined();
    expect(locateDoc(agentView(corpus, partner), '/de/1.0/partners/routes/', undefined)?.title).toBe('Partnerrouten');
  });

  test('the tools take `locale`, and name the locales when it is unknown', async () => {
    const server = createDocsServer({ view: agentView(corpus, undefined), sandbox: async () => undefined });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'caravan-docs-tests', version: '1.0.0' });
    await client.connect(clientSide);
    const search = await client.callTool({ name: 'search_docs', arguments: { query: 'KAMELKARAWANE', locale: 'de' } });
    expect((search.structuredContent as { results: Array<{ locale: string; markdownUrl: string }> }).results).toMatchObject([{ locale: 'de', markdownUrl: 'https://docs.auth-fixture.example/de/1.0/overview.md' }]);
    const page = await client.callTool({ name: 'read_page', arguments: { page: 'overview', locale: 'de' } });
    expect(page.structuredContent).toMatchObject({ locale: 'de', version: '1.0', slug: 'overview', title: 'Überblick' });
    const contents = await client.callTool({ name: 'list_pages', arguments: { locale: 'de' } });
    const toc = (contents.content as Array<{ text: string }>)[0]!.text;
    // The German tree: the translated overview linked under its locale, untranslated pages named as such, gated ones left out.
    expect(toc).toContain('(de)');
    expect(toc).toContain('[Überblick](https://docs.auth-fixture.example/de/1.0/overview/) (slug `overview`)');
    expect(toc).toContain('(not translated)');
    expect(toc).not.toContain('Partnerrouten');
    expect(await client.callTool({ name: 'list_pages', arguments: { locale: 'fr' } })).toMatchObject({ isError: true });
    const unknown = await client.callTool({ name: 'search_docs', arguments: { query: 'x', locale: 'fr' } });
    expect(unknown).toMatchObject({ isError: true, content: [{ text: 'There is no locale "fr". Locales with translations: de.' }] });
    await client.close();
  });
});
