import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildSidebar, type SidebarGroup, type SidebarItem } from '../../../src/model/sidebar.ts';
import { describeApi, type OpenApiInput } from '../../../src/openapi/index.ts';
import { loadVersionApi } from '../../../src/openapi/openapi-fs.ts';
import { referenceCatalog, REFERENCE_SLUG } from '../../../src/reference/catalog.ts';
import { overviewMarkdown, operationMarkdown } from '../../../src/reference/markdown.ts';
import { markdownHeadings, referenceOverview } from '../../../src/reference/overview.ts';

const ROOT = join(import.meta.dirname, '../../..');
const FIXTURES = join(ROOT, 'tests/fixtures/openapi');
const fixture = (name: string) => describeApi(parse(readFileSync(join(FIXTURES, name), 'utf8')) as OpenApiInput, { source: `tests/fixtures/openapi/${name}`, origin: 'https://docs.example.com' });
const caravan = (version: string) => loadVersionApi(ROOT, version, { origin: 'https://docs.caravan.example' })!;
const urls = { pageUrl: (slug: string) => `https://docs.example.com/v1/${slug}/`, schemaUrl: (name: string) => `https://docs.example.com/v1/reference/schemas/${name.toLowerCase()}/`, lookup: () => undefined };

describe('reference catalog', () => {
  it('has one page per operation, grouped by tag in the order the description declares its tags', () => {
    const catalog = referenceCatalog(caravan('1.2'));
    expect(catalog.groups).toHaveLength(1);
    expect(catalog.groups[0]!.tags.map((tag) => [tag.title, tag.entries.map((entry) => entry.slug)])).toEqual([
      ['Caravans', ['reference/list-caravans', 'reference/update-caravan', 'reference/dispatch-caravan']],
      ['Cargo', ['reference/add-cargo-lot', 'reference/update-cargo-lot']],
      ['Markets', ['reference/list-market-orders']],
      ['Partner routes', ['reference/publish-route']],
    ]);
    expect(catalog.operations.map((entry) => entry.title).slice(0, 2)).toEqual(['List caravans', 'Update a caravan']);
  });

  it('follows x-tagGroups, and gathers tags no group names in a last group', () => {
    const catalog = referenceCatalog(fixture('opentargets.json'));
    // Its operations carry `private` or `public` first, so the Stable group (and `utils`) list no page and are left out.
    expect(catalog.groups.map((group) => [group.name, group.tags.map((tag) => tag.name)])).toEqual([
      ['Utilities', ['private']],
      ['All', ['public']],
    ]);
    expect(catalog.operations).toHaveLength(catalog.api.operations.length);
    expect(new Set(catalog.operations.map((entry) => entry.slug)).size).toBe(catalog.operations.length);
  });

  it('gives operations without an operationId a page titled by their summary, and untagged ones a group', () => {
    const api = describeApi({ openapi: '3.1.0', paths: { '/a': { get: { summary: 'Read A', responses: {} }, delete: { responses: {} } } } }, { source: 'x' });
    const catalog = referenceCatalog(api);
    expect(catalog.operations.map((entry) => [entry.slug, entry.title, entry.tag])).toEqual([
      ['reference/get-a', 'Read A', 'Other operations'],
      ['reference/delete-a', 'DELETE /a', 'Other operations'],
    ]);
  });

  it('lists webhooks under their tag, and untagged ones in a group of their own', () => {
    const api = describeApi(
      { openapi: '3.1.0', tags: [{ name: 'Loans' }], paths: { '/loans': { get: { tags: ['Loans'], responses: {} } } }, webhooks: { 'loan.overdue': { post: { tags: ['Loans'], responses: {} } }, ping: { post: { responses: {} } } } },
      { source: 'x' },
    );
    expect(referenceCatalog(api).operations.map((entry) => [entry.slug, entry.tag])).toEqual([
      ['reference/get-loans', 'Loans'],
      ['reference/webhook-loan-overdue-post', 'Loans'],
      ['reference/webhook-ping-post', 'Webhooks'],
    ]);
    const hooks = referenceCatalog(fixture('webhooks-only.yaml'));
    expect(hooks.operations.length).toBeGreaterThan(0);
    expect(hooks.operations.every((entry) => entry.ref.kind === 'webhook')).toBe(true);
  });
});

const groups = (items: readonly SidebarItem[]): SidebarGroup[] => items.filter((item): item is SidebarGroup => item.kind === 'group');

describe('the reference in the sidebar', () => {
  it('is one section after the nav: overview, then the tags (open headings for a small API)', () => {
    const catalog = referenceCatalog(caravan('1.2'));
    const slug = 'reference/dispatch-caravan';
    const sidebar = buildSidebar([catalog.nav], { slug, ancestors: catalog.ancestors.get(slug)! });
    const [reference] = groups(sidebar.items);
    expect(reference).toMatchObject({ title: 'API reference', dropdown: true, open: true });
    expect(reference!.items[0]).toMatchObject({ kind: 'link', title: 'Overview', slug: REFERENCE_SLUG, current: false });
    const tags = groups(reference!.items);
    expect(tags.map((tag) => [tag.title, tag.dropdown, tag.items.length])).toEqual([
      ['Caravans', false, 3],
      ['Cargo', false, 2],
      ['Markets', false, 1],
      ['Partner routes', false, 1],
    ]);
    expect(tags[0]!.items.find((item) => item.kind === 'link' && item.current)).toMatchObject({ title: 'Dispatch a caravan' });
  });

  it('windows a large API around the current page, so each page carries a bounded sidebar', () => {
    const paths: Record<string, unknown> = {};
    for (let n = 0; n < 1200; n++) paths[`/things${n}`] = { get: { operationId: `getThing${n}`, tags: [`tag${n % 40}`], responses: {} } };
    const catalog = referenceCatalog(describeApi({ openapi: '3.1.0', paths } as OpenApiInput, { source: 'x' }));
    const slug = 'reference/get-thing615';
    const sidebar = buildSidebar([catalog.nav], { slug, ancestors: catalog.ancestors.get(slug)! });
    const links = JSON.stringify(sidebar).match(/"kind":"link"/g)!.length;
    expect(sidebar.complete).toBe(false);
    expect(links).toBeLessThan(80);
    const tags = groups(groups(sidebar.items)[0]!.items);
    const open = tags.filter((tag) => tag.open);
    expect(open.map((tag) => tag.title)).toEqual(['tag15']);
    expect(tags.every((tag) => tag.dropdown)).toBe(true);
  });
});

describe('reference overview', () => {
  it('says what the description says: servers with variables, the site override, schemes and where credentials go', () => {
    const api = fixture('security-schemes.yaml');
    const overview = referenceOverview(referenceCatalog(api), {}, 'https://docs.example.com');
    expect(overview.schemes.length).toBe(api.schemes.size);
    const kinds = overview.schemes.map(({ scheme, summary }) => [scheme.type, summary]);
    expect(kinds).toContainEqual(['http', 'HTTP Basic authentication: send `Authorization: Basic <base64 of user:password>`.']);
    for (const [type, summary] of kinds) {
      if (type === 'apiKey') expect(summary).toMatch(/^An API key in the (header|query parameter|cookie) `[^`]+`\.$/);
      if (type === 'oauth2') expect(summary).toMatch(/^OAuth 2\.0 \(.+\): send the access token as `Authorization: Bearer <access token>`\.$/);
    }
  });

  it('shows the server the site config replaced, and server variables', () => {
    const api = fixture('servers-and-parameters.yaml');
    const catalog = referenceCatalog(api);
    const plain = referenceOverview(catalog, {}, 'https://docs.example.com');
    const first = plain.servers[0]!;
    expect(first.described).toBeUndefined();
    const withVariables = plain.servers.find((server) => server.variables.length > 0)!;
    expect(withVariables.variables[0]).toHaveProperty('default');
    const replaced = referenceOverview(catalog, { baseUrl: 'https://staging.example.com/' }, 'https://docs.example.com');
    expect(replaced.servers[0]).toMatchObject({ url: 'https://staging.example.com' });
    expect(replaced.servers[0]!.described).toBe(api.document.servers![0]!.url);
  });

  it('takes the words about errors and paging from the description, never from the generator', () => {
    const catalog = referenceCatalog(caravan('1.2'));
    const markdown = overviewMarkdown(catalog, referenceOverview(catalog, {}, 'https://docs.caravan.example'), urls);
    expect(markdown).toContain('## Errors\n\nErrors are `application/problem+json` documents');
    const other = referenceCatalog(fixture('request-baskets.json'));
    const foreign = overviewMarkdown(other, referenceOverview(other, {}, 'https://docs.example.com'), urls);
    for (const claim of ['RFC 9457', 'request_id', 'per_page', 'sandbox-', 'caravan']) expect(foreign.toLowerCase()).not.toContain(claim.toLowerCase());
    expect(markdownHeadings('## Errors\n\n```\n## not a heading\n```\n### `Paging` rules')).toEqual([
      { depth: 2, text: 'Errors', slug: 'errors' },
      { depth: 3, text: 'Paging rules', slug: 'paging-rules' },
    ]);
  });

  it('gives description headings ids no section of the overview page has, and no earlier heading', () => {
    // The page's own h2s are #servers, #authentication and #endpoints; "## Authentication" is common in descriptions.
    expect(markdownHeadings('## Authentication\n\n## Errors\n\n## Errors\n\n## Servers').map((heading) => heading.slug)).toEqual(['authentication-1', 'errors', 'errors-1', 'servers-1']);
    // Nor one of the page frame's (src/layouts/frame-ids.ts): `<nav id="sidebar">`, the search input.
    expect(markdownHeadings('## Sidebar\n\n## Search input\n\n## Content').map((heading) => heading.slug)).toEqual(['sidebar-1', 'search-input-1', 'content-1']);
  });
});

describe('operation Markdown', () => {
  it('marks deprecated operations, documents webhooks without samples, and names the security alternatives', () => {
    const api = fixture('callbacks-and-deprecation.yaml');
    const catalog = referenceCatalog(api);
    const deprecated = catalog.operations.find((entry) => entry.ref.operation['deprecated'] === true)!;
    const text = operationMarkdown(deprecated, api.resolve(deprecated.ref), urls);
    expect(text).toMatch(/^# .+\n\n> \[!WARNING\]\n> Deprecated: this operation may be removed in a later version\.\n/);
    const hooks = fixture('webhooks-only.yaml');
    const hook = referenceCatalog(hooks).operations[0]!;
    const hookText = operationMarkdown(hook, hooks.resolve(hook.ref), urls);
    expect(hookText).toContain('Webhook `');
    expect(hookText).not.toContain('## Code samples');
  });
});

describe('x-codeSamples', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'Samples', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
    security: [{ key: [] }],
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          requestBody: { content: { 'application/json': { example: { name: 'x' } } } },
          responses: { '201': { description: 'Created' } },
          'x-codeSamples': [{ lang: 'Kotlin', label: 'Kotlin SDK', source: 'val thing = client.things.create(name = "x")\n' }, { lang: 'shell', source: 'things create x' }, { label: 'no source' }],
        },
        get: { operationId: 'listThings', responses: { '200': { description: 'OK' } }, 'x-code-samples': [{ lang: 'Ruby', source: 'Things.list' }] },
      },
    },
  };
  const api = describeApi(document as unknown as OpenApiInput, { source: 'samples.yaml', origin: 'https://docs.example.com' });
  const catalog = referenceCatalog(api);
  const entry = (id: string) => catalog.operations.find((operation) => operation.ref.operationId === id)!;

  it('are read from x-codeSamples and x-code-samples (label defaulting to lang), entries without source skipped', () => {
    expect(api.resolve(entry('createThing').ref).codeSamples).toEqual([
      { lang: 'Kotlin', label: 'Kotlin SDK', source: 'val thing = client.things.create(name = "x")\n' },
      { lang: 'shell', label: 'shell', source: 'things create x' },
    ]);
    expect(api.resolve(entry('listThings').ref).codeSamples).toEqual([{ lang: 'Ruby', label: 'Ruby', source: 'Things.list' }]);
  });

  it('come first in the Markdown source, before the generated samples in ten languages', () => {
    const text = operationMarkdown(entry('createThing'), api.resolve(entry('createThing').ref), urls);
    const headings = [...text.matchAll(/^### (.+)$/gm)].map((match) => match[1]).slice(-12);
    expect(headings).toEqual(['Kotlin SDK', 'shell', 'curl', 'JavaScript', 'Node.js', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby', 'Swift']);
    expect(text).toContain('### Kotlin SDK\n\n```kotlin\nval thing = client.things.create(name = "x")\n```');
    expect(text).toContain("--header 'X-API-Key: <api key>'");
  });
});

