/**
 * The Atom feeds (src/discovery/feeds.ts): made through the routes' own glue (src/lib/discovery.ts,
 * its virtual modules served from a docs root as a static build serves them) on the repository's
 * site (with its event API), a site with two versions of two APIs (one gated by roles), a site of
 * event APIs (AsyncAPI) only and a site keeping release notes (one of them gated); every feed valid Atom 1.0 by xmllint, the same bytes on every run, public
 * content only, linked from llms.txt; the release-notes section's error names its line.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { parse, stringify } from 'yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEventApis, publishedEventApis } from '../../../src/asyncapi/load.ts';
import { loadSite } from '../../../src/config/load.ts';
import type { EventChange } from '../../../src/asyncapi/changes.ts';
import { eventChangelogFeedInput, openApiChangelogFeedInput } from '../../../src/discovery/changelog-feed-inputs.ts';
import { feedFiles, feedLinks } from '../../../src/discovery/feeds.ts';
import { guardDiscoveryOutput } from '../../../src/discovery/leak-guard.ts';
import { anonymousView, buildableModel } from '../../../src/integration/build-model.ts';
import { fileDates } from '../../../src/integration/page-dates-fs.ts';
import { datedModel } from '../../../src/model/page-dates.ts';
import type { Changelog } from '../../../src/reference/changelog.ts';
import { versionsSchema } from '../../../src/config/schemas/versions.ts';
import { ATOM_RNG } from './atom-schema.ts';
import { parseLikeReference } from './llms-reference-parser.ts';
import { loadError } from '../site/support.ts';
import { FIXTURES, LOGIN_ONLY_ENV, siteWith } from './support.ts';
import { writeEventApisSite } from '../../e2e/support/event-apis-site.ts';

const PROJECT_ROOT = join(import.meta.dirname, '../../..');

// The build's virtual modules, served from whichever docs root a test loads (see `built`).
const virtual = vi.hoisted(() => ({ model: undefined as unknown, root: '', events: [] as unknown[] }));
vi.mock('virtual:caravan-docs/model', () => ({
  get model() {
    return virtual.model;
  },
}));
vi.mock('virtual:caravan-docs/docs-root', () => ({
  get docsRoot() {
    return virtual.root;
  },
}));
vi.mock('virtual:caravan-docs/sources', () => ({ sources: {} }));
vi.mock('virtual:caravan-docs/event-apis', () => ({
  get eventApis() {
    return virtual.events;
  },
}));

afterEach(() => {
  vi.useRealTimers();
});

interface Built {
  /** Every discovery file by its path relative to the base. */
  files: Map<string, string>;
  /** The feeds every page's head links. */
  links: Array<{ path: string; url: string; title: string }>;
  /** The feeds only. */
  feeds: Map<string, string>;
}

/** A site's discovery files as a build makes them: the model dated from git, the routes' own glue, fresh modules each time. */
async function built(root: string, env: Record<string, string> = {}): Promise<Built> {
  const loaded = loadSite(root, env);
  virtual.model = buildableModel(datedModel(loaded.model, fileDates(root)), loaded.model.config.auth.enabled);
  virtual.root = root;
  // The event APIs (AsyncAPI) the build publishes, as src/integration/index.ts loads them.
  virtual.events = publishedEventApis(await loadEventApis(root, loaded.model), loaded.model.config);
  vi.resetModules();
  const lib = await import('../../../src/lib/discovery.ts');
  const files = new Map(lib.discoveryPaths(/./).map((path) => [path, lib.discoveryFile(path)]));
  return { files, links: lib.siteFeedLinks(), feeds: new Map([...files].filter(([path]) => path.startsWith('feeds/'))) };
}

/** The text of every `<entry>`, in file order. */
const entriesOf = (xml: string) => [...xml.matchAll(/<entry>\n([\s\S]*?)<\/entry>/g)].map((match) => match[1]!);
const valueOf = (xml: string, element: string) => new RegExp(`<${element}>([^<]*)</${element}>`).exec(xml)?.[1];

/** Valid by xmllint against RFC 4287's elements (atom-schema.ts), plus what RELAX NG cannot say. */
async function expectAtom(xml: string, name: string): Promise<void> {
  const result = await validateXML({ xml: [{ fileName: name, contents: xml }], schema: [{ fileName: 'atom.rng', contents: ATOM_RNG }], extension: 'relaxng' });
  expect(result.errors.map((error) => error.rawMessage), name).toEqual([]);
  expect(result.valid, name).toBe(true);
  expect(xml, name).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom" xml:lang="[^"]+">\n/);
  expect(xml, name).toMatch(/\n {2}<link rel="self" type="application\/atom\+xml" href="https:\/\/[^"]+\/feeds\/[a-z-]+\.xml"\/>\n/);
  expect(xml, name).toMatch(/\n {2}<link rel="alternate" type="text\/html" href="https:\/\/[^"]+"\/>\n/);
  const entries = entriesOf(xml);
  const ids = entries.map((entry) => valueOf(entry, 'id'));
  expect(new Set(ids).size, `${name}: entry ids are unique`).toBe(ids.length);
  // RFC 4287 4.1.2: an entry without content has an alternate link (one per media type at most).
  for (const entry of entries) {
    expect(entry.match(/<link rel="alternate" type="text\/html" href="https:\/\/[^"]+"\/>/g), `${name}: ${ids[entries.indexOf(entry)]}`).toHaveLength(1);
    expect(entry.match(/<link rel="alternate" type="text\/markdown" href="https:\/\/[^"]+\.md"\/>/g)).toHaveLength(1);
  }
  // The feed's date is its newest entry's.
  const dates = entries.map((entry) => valueOf(entry, 'updated')!).sort();
  if (dates.length > 0) expect(valueOf(xml, 'updated')).toBe(dates.at(-1));
}

/** The several-apis fixture with a second version whose public API lost an operation and whose admin API lost one; `adminRoles` gates the admin API. */
function twoVersionsOfTwoApis(adminRoles: string): string {
  const root = siteWith(
    {
      'config/versions.yml': '- { id: "v2", label: "v2", stable: true }\n- { id: "v1", label: "v1", stable: true }\n',
      'config/site.yml': `title: Notes Platform Docs\ndescription: A notes service with a public API and an admin API.\nurl: https://docs.notes.example\napis:\n  - { id: public }\n  - { id: admin, title: Admin API (staff), roles: ${adminRoles} }\n`,
    },
    'several-apis',
  );
  cpSync(join(root, 'content/v1'), join(root, 'content/v2'), { recursive: true });
  for (const api of ['public', 'admin']) {
    const file = join(root, `content/v2/apis/${api}/openapi.yaml`);
    const document = parse(readFileSync(file, 'utf8')) as { paths: Record<string, unknown> };
    delete document.paths[Object.keys(document.paths).at(-1)!];
    writeFileSync(file, stringify(document));
  }
  return root;
}

const V2 = { id: 'v2', label: 'v2' };

/** The "Changes since v1" page of an event API `stream` in v2, listing `changes`. */
const streamChanges = (changes: EventChange[]) => ({ slug: 'reference/stream/changes/v1', title: 'Changes since v1', changes: { previous: { id: 'v1', label: 'v1' }, current: { id: 'v2', label: 'v2' }, comparedBy: 'asyncapi-diff' as const, changes } });

/** Issue 38's held-out site (event APIs only; Kraken loses its operation `unsubscribe` in 2.0), with `siteYml` added to its site.yml. */
function eventApisSite(siteYml = ''): string {
  // A folder siteWith removes after the tests, emptied and filled by the e2e suite's own writer.
  const root = siteWith({});
  writeEventApisSite(root);
  writeFileSync(join(root, 'config/site.yml'), `${readFileSync(join(root, 'config/site.yml'), 'utf8')}${siteYml}`);
  return root;
}

const DISCOVERY_VERSIONS_SITE = readFileSync(join(FIXTURES, 'discovery-versions/config/site.yml'), 'utf8');
const NOTE_1_1 = '---\ntitle: Version 1.1 is out\ndescription: "Paging & <filters> for everyone."\ndate: 2026-03-01\n---\nBody.\n';

/** discovery-versions (base /docs) keeping release notes in 1.1 and 1.0: one note in both, one gated (`embargoRoles`), one dated by `lastUpdated`. */
function releaseNotesSite({ embargoRoles = '[staff]', feeds = '  releaseNotes:\n    section: Release notes\n' } = {}): string {
  return siteWith(
    {
      'config/site.yml': `${DISCOVERY_VERSIONS_SITE}feeds:\n${feeds}`,
      'content/1.1/nav.yml': `${readFileSync(join(FIXTURES, 'discovery-versions/content/1.1/nav.yml'), 'utf8')}- title: Release notes\n  children:\n    - slug: release-notes/1-1\n    - slug: release-notes/embargo\n      roles: ${embargoRoles}\n`,
      'content/1.1/release-notes/1-1.md': NOTE_1_1,
      'content/1.1/release-notes/embargo.md': '---\ntitle: Embargoed launch plans\ndescription: Not announced yet.\ndate: 2026-04-01\n---\nSecret.\n',
      'content/1.0/nav.yml': '- slug: overview\n- title: Release notes\n  children:\n    - slug: release-notes/1-1\n    - slug: release-notes/1-0\n',
      'content/1.0/release-notes/1-1.md': NOTE_1_1,
      'content/1.0/release-notes/1-0.md': '---\ntitle: Version 1.0 LTS\nlastUpdated: 2025-06-01\n---\nLong-term support.\n',
    },
    'discovery-versions',
  );
}

describe('the API changelog feed', () => {
  it("the repository's site: an entry per version with a changelog, newest version content first, linking the \"Changes since\" pages", async () => {
    const { feeds, links } = await built(PROJECT_ROOT);
    expect([...feeds.keys()]).toEqual(['feeds/changelog.xml']);
    const xml = feeds.get('feeds/changelog.xml')!;
    await expectAtom(xml, 'changelog.xml');
    expect(valueOf(xml, 'id')).toBe('https://docs.caravan.example/feeds/changelog.xml');
    expect(valueOf(xml, 'title')).toBe('Caravan Trading Service: API changelog');
    const entries = entriesOf(xml);
    expect(entries.map((entry) => valueOf(entry, 'id')).sort()).toEqual([
      'https://docs.caravan.example/1.2/reference/changes/1.1/',
      'https://docs.caravan.example/2.0-beta/reference/changes/1.2/',
      'https://docs.caravan.example/2.0-beta/reference/tracking/changes/1.2/',
    ]);
    const beta = entries.find((entry) => entry.includes('/2.0-beta/reference/changes/'))!;
    expect(valueOf(beta, 'title')).toBe('2.0 beta: Changes since 1.2');
    expect(beta).toContain('<link rel="alternate" type="text/html" href="https://docs.caravan.example/2.0-beta/reference/changes/1.2/"/>');
    expect(beta).toContain('<link rel="alternate" type="text/markdown" href="https://docs.caravan.example/2.0-beta/reference/changes/1.2.md"/>');
    expect(valueOf(beta, 'summary')).toMatch(/1\.2/);
    // The event API's (AsyncAPI) changelog, beside the version's single OpenAPI description: named by its title.
    const tracking = entries.find((entry) => entry.includes('/2.0-beta/reference/tracking/'))!;
    expect(valueOf(tracking, 'title')).toBe('Caravan Tracking Feed 2.0 beta: Changes since 1.2');
    expect(tracking).toContain('<link rel="alternate" type="text/html" href="https://docs.caravan.example/2.0-beta/reference/tracking/changes/1.2/"/>');
    expect(tracking).toContain('<link rel="alternate" type="text/markdown" href="https://docs.caravan.example/2.0-beta/reference/tracking/changes/1.2.md"/>');
    expect(valueOf(tracking, 'summary')).toBe('From 1.2 to 2.0 beta: 5 changes (4 added, 0 removed, 1 changed), with 1 breaking change.');
    expect(tracking).toContain('<category term="breaking" label="Breaking changes"/>');
    expect(links).toEqual([{ path: 'feeds/changelog.xml', url: 'https://docs.caravan.example/feeds/changelog.xml', title: 'Caravan Trading Service: API changelog', description: expect.any(String) }]);
  });

  it('an API gated by roles has no entry and no word in the feed; the public one has its own, named by its title', async () => {
    const { feeds } = await built(twoVersionsOfTwoApis('[staff]'));
    const xml = feeds.get('feeds/changelog.xml')!;
    await expectAtom(xml, 'changelog.xml');
    expect(entriesOf(xml).map((entry) => valueOf(entry, 'title'))).toEqual(['Notes API v2: Changes since v1']);
    expect(entriesOf(xml)[0]).toContain('href="https://docs.notes.example/v2/reference/public/changes/v1/"');
    expect(entriesOf(xml)[0]).toContain('<category term="breaking" label="Breaking changes"/>');
    expect(xml).not.toMatch(/admin|staff/i);
    // The same site with the admin API public lists it too: the absence above is the gate's doing.
    const open = (await built(twoVersionsOfTwoApis('[]'))).feeds.get('feeds/changelog.xml')!;
    expect(entriesOf(open).map((entry) => valueOf(entry, 'title')).sort()).toEqual(['Admin API (staff) v2: Changes since v1', 'Notes API v2: Changes since v1']);
    expect(open).toContain('href="https://docs.notes.example/v2/reference/admin/changes/v1/"');
  });

  it("a site whose only changelogs are event APIs' (AsyncAPI): their entries, breaking ones marked, and the feed linked from pages' heads and llms.txt", async () => {
    const { feeds, links, files } = await built(eventApisSite());
    expect([...feeds.keys()]).toEqual(['feeds/changelog.xml']);
    const xml = feeds.get('feeds/changelog.xml')!;
    await expectAtom(xml, 'changelog.xml');
    const [kraken, ...others] = entriesOf(xml);
    expect(others).toEqual([]);
    expect(valueOf(kraken!, 'id')).toBe('https://docs.feeds.example/2.0/reference/kraken/changes/1.0/');
    expect(valueOf(kraken!, 'title')).toBe('Kraken Websockets API 2.0: Changes since 1.0');
    expect(kraken).toContain('<link rel="alternate" type="text/html" href="https://docs.feeds.example/2.0/reference/kraken/changes/1.0/"/>');
    expect(kraken).toContain('<link rel="alternate" type="text/markdown" href="https://docs.feeds.example/2.0/reference/kraken/changes/1.0.md"/>');
    expect(valueOf(kraken!, 'summary')).toBe('From 1.0 to 2.0: 1 change (0 added, 1 removed, 0 changed), with 1 breaking change.');
    expect(kraken).toContain('<category term="breaking" label="Breaking changes"/>');
    expect(links.map((link) => link.url)).toEqual(['https://docs.feeds.example/feeds/changelog.xml']);
    expect(parseLikeReference(files.get('llms.txt')!).sections.get('Feeds')?.map((item) => item.url)).toEqual(['https://docs.feeds.example/feeds/changelog.xml']);
    // Gated by roles in site.yml, the API has no entry, so the site has no changelog feed at all.
    const gated = await built(eventApisSite('apis:\n  - { id: kraken, roles: [staff] }\n'));
    expect(gated.feeds.size).toBe(0);
    expect(gated.links).toEqual([]);
  });

  it('none without a changelog (one version; versions without descriptions), and none with `feeds.changelog: false`', async () => {
    expect((await built(join(FIXTURES, 'several-apis'))).feeds.size).toBe(0);
    expect((await built(join(FIXTURES, 'discovery-versions'))).feeds.size).toBe(0);
    const root = twoVersionsOfTwoApis('[]');
    writeFileSync(join(root, 'config/site.yml'), `${readFileSync(join(root, 'config/site.yml'), 'utf8')}feeds:\n  changelog: false\n`);
    const off = await built(root);
    expect(off.feeds.size).toBe(0);
    expect(off.links).toEqual([]);
    expect(off.files.get('llms.txt')).not.toContain('## Feeds');
  });

  it("an entry's date is the newest of the API's description file in its version and that version's public pages, for an OpenAPI and an event API alike", () => {
    const root = twoVersionsOfTwoApis('[]');
    const model = anonymousView(loadSite(root).model);
    const changelog: Changelog = { api: 'public', slug: 'reference/public/changes/v1', title: 'Changes since v1', previous: { id: 'v1', label: 'v1' }, current: { id: 'v2', label: 'v2' }, changes: [] };
    const openApi = openApiChangelogFeedInput(changelog, { apiTitle: 'Notes API', roles: [], file: 'content/v2/apis/public/openapi.yaml' });
    const events = eventChangelogFeedInput(streamChanges([]), V2, { apiTitle: 'Note stream', roles: [], file: 'content/v2/apis/stream/asyncapi.yaml' });
    for (const input of [openApi, events]) {
      const dated = (dates: Record<string, string>) => {
        const [feed] = feedFiles(model, { changelogs: [input], fileDate: (file) => dates[file], readSource: (file) => readFileSync(join(root, file), 'utf8') });
        return valueOf(entriesOf(feed!.body)[0]!, 'updated');
      };
      const description = { [input.file]: '2026-05-01T00:00:00Z', 'content/v2/overview.md': '2026-04-01T10:00:00Z' };
      expect(dated(description), input.file).toBe('2026-05-01T00:00:00Z');
      expect(dated({ ...description, 'content/v2/try.mdx': '2026-06-02T08:00:00.000Z' }), input.file).toBe('2026-06-02T08:00:00Z');
      // The previous version's files do not date this version's change.
      expect(dated({ ...description, 'content/v1/overview.md': '2027-01-01T00:00:00Z', [input.file.replace('/v2/', '/v1/')]: '2027-01-01T00:00:00Z' }), input.file).toBe('2026-05-01T00:00:00Z');
      // The pure generator leaves a gated API out too, whatever its caller passes.
      expect(feedLinks(model, [{ ...input, roles: ['staff'] }])).toEqual([]);
      expect(feedLinks(model, [input])).toHaveLength(1);
    }
  });

  it("an event API's changelog (AsyncAPI): an entry like an OpenAPI one's, its lead counting the changes and the breaking ones", () => {
    const root = twoVersionsOfTwoApis('[]');
    const model = anonymousView(loadSite(root).model);
    const api = { apiTitle: 'Note stream', roles: [], file: 'content/v2/apis/stream/asyncapi.yaml' };
    const entryOf = (changes: EventChange[], of: typeof api | { roles: string[]; file: string } = api) => {
      const feeds = feedFiles(model, { changelogs: [eventChangelogFeedInput(streamChanges(changes), V2, of)], fileDate: () => '2026-05-01T00:00:00Z', readSource: () => '' });
      return feeds.length === 0 ? undefined : entriesOf(feeds[0]!.body)[0];
    };
    const removed: EventChange = { kind: 'breaking', action: 'remove', path: '/operations/unsubscribe', text: 'Operation `unsubscribe` removed.' };
    const added: EventChange = { kind: 'non-breaking', action: 'add', path: '/operations/ping', text: 'Operation `ping` added.' };
    const edited: EventChange = { kind: 'unclassified', action: 'edit', path: '/servers/main/host', text: 'Server `main`: `host` changed.' };
    const entry = entryOf([removed, added, edited])!;
    expect(valueOf(entry, 'id')).toBe('https://docs.notes.example/v2/reference/stream/changes/v1/');
    expect(valueOf(entry, 'title')).toBe('Note stream v2: Changes since v1');
    expect(valueOf(entry, 'summary')).toBe('From v1 to v2: 3 changes (1 added, 1 removed, 1 changed), with 1 breaking change.');
    expect(entry).toContain('<link rel="alternate" type="text/html" href="https://docs.notes.example/v2/reference/stream/changes/v1/"/>');
    expect(entry).toContain('<link rel="alternate" type="text/markdown" href="https://docs.notes.example/v2/reference/stream/changes/v1.md"/>');
    expect(entry).toContain('<category term="breaking" label="Breaking changes"/>');
    // Nothing breaking: no category. Unnamed (the version's only API), the title is the version's.
    const quiet = entryOf([added, edited], { roles: [], file: api.file })!;
    expect(quiet).not.toContain('<category');
    expect(valueOf(quiet, 'title')).toBe('v2: Changes since v1');
    expect(valueOf(quiet, 'summary')).toBe('From v1 to v2: 2 changes (1 added, 0 removed, 1 changed), with no breaking change.');
    expect(valueOf(entryOf([added])!, 'summary')).toBe('From v1 to v2: 1 change (1 added, 0 removed, 0 changed), with no breaking change.');
    expect(valueOf(entryOf([removed, { ...edited, kind: 'breaking' }])!, 'summary')).toBe('From v1 to v2: 2 changes (0 added, 1 removed, 1 changed), with 2 breaking changes.');
    expect(valueOf(entryOf([])!, 'summary')).toBe('No change between v1 and v2.');
    // Gated by roles, or on a login-only site: no entry, and no feed.
    expect(entryOf([removed], { ...api, roles: ['staff'] })).toBeUndefined();
    const input = eventChangelogFeedInput(streamChanges([removed]), V2, api);
    expect(feedLinks(anonymousView(loadSite(root, LOGIN_ONLY_ENV).model), [input])).toEqual([]);
  });
});

describe('the release-notes feed', () => {
  it('an entry per public page of the section, a note several versions keep once (from the main version), dated by `date`, else the page', async () => {
    const root = releaseNotesSite();
    const { feeds, links, files } = await built(root);
    expect([...feeds.keys()]).toEqual(['feeds/release-notes.xml']);
    const xml = feeds.get('feeds/release-notes.xml')!;
    await expectAtom(xml, 'release-notes.xml');
    expect(valueOf(xml, 'title')).toBe('Versions &amp; Co Docs: Release notes');
    expect(valueOf(xml, 'updated')).toBe('2026-03-01T00:00:00Z');
    const entries = entriesOf(xml);
    expect(entries.map((entry) => valueOf(entry, 'id'))).toEqual(['https://docs.versions.example/docs/feeds/release-notes.xml#release-notes/1-1', 'https://docs.versions.example/docs/feeds/release-notes.xml#release-notes/1-0']);
    expect(entries[0]).toContain('<link rel="alternate" type="text/html" href="https://docs.versions.example/docs/1.1/release-notes/1-1/"/>');
    expect(valueOf(entries[0]!, 'published')).toBe('2026-03-01T00:00:00Z');
    expect(valueOf(entries[0]!, 'summary')).toBe('Paging &amp; &lt;filters&gt; for everyone.');
    expect(entries[1]).toContain('href="https://docs.versions.example/docs/1.0/release-notes/1-0/"');
    expect(valueOf(entries[1]!, 'updated')).toBe('2025-06-01T00:00:00Z');
    expect(entries[1]).not.toContain('<published>');
    expect(entries[1]).not.toContain('<summary>');
    expect(links.map((link) => link.url)).toEqual(['https://docs.versions.example/docs/feeds/release-notes.xml']);
    // The leak guard passes the feed when every page it links is built.
    const pages = ['1.1/release-notes/1-1/index.html', '1.1/release-notes/1-1.md', '1.0/release-notes/1-0/index.html', '1.0/release-notes/1-0.md'];
    const output = ['feeds/release-notes.xml', 'index.html', ...pages].map((path) => ({ path, text: files.get(path) ?? '' }));
    expect(guardDiscoveryOutput({ model: loadSite(root).model, files: output, publicSources: [] }).problems).toEqual([]);
  });

  it('a gated release note is never in the feed: not its title, slug or date', async () => {
    const xml = (await built(releaseNotesSite())).feeds.get('feeds/release-notes.xml')!;
    expect(xml).not.toMatch(/Embargo|embargo|2026-04-01/);
    // Without its roles the same page is the newest entry: the absence above is the gate's doing.
    const open = (await built(releaseNotesSite({ embargoRoles: '[]' }))).feeds.get('feeds/release-notes.xml')!;
    expect(valueOf(entriesOf(open)[0]!, 'title')).toBe('Embargoed launch plans');
  });

  it('`title` names the feed; `limit` keeps the newest entries', async () => {
    const { feeds } = await built(releaseNotesSite({ feeds: '  limit: 1\n  releaseNotes:\n    section: Release notes\n    title: What is new\n' }));
    const xml = feeds.get('feeds/release-notes.xml')!;
    expect(valueOf(xml, 'title')).toBe('What is new');
    expect(entriesOf(xml).map((entry) => valueOf(entry, 'title'))).toEqual(['Version 1.1 is out']);
  });

  it('a section no version has stops the build at its line in site.yml, naming the sections there are', () => {
    const root = releaseNotesSite({ feeds: '  releaseNotes:\n    section: Release nots\n' });
    const line = DISCOVERY_VERSIONS_SITE.split('\n').length + 2;
    const error = loadError(root);
    expect(error).toContain(`config/site.yml:${line}:`);
    expect(error).toContain('`feeds.releaseNotes.section` "Release nots" is not the title of a section');
    expect(error).toContain('did you mean "Release notes"?');
    expect(error).toContain('"Guides", "Staff area", "Release notes"');
  });

  it('a section holding only gated pages builds no feed, and the build says so at the line', () => {
    const root = siteWith({ 'config/site.yml': `${DISCOVERY_VERSIONS_SITE}feeds:\n  releaseNotes:\n    section: Staff area\n` }, 'discovery-versions');
    const { model, warnings } = loadSite(root);
    expect(warnings).toContainEqual({ file: `config/site.yml:${DISCOVERY_VERSIONS_SITE.split('\n').length + 2}`, message: expect.stringContaining('the sections titled "Staff area" hold no public page, so no release-notes feed is built') });
    expect(feedLinks(model, [])).toEqual([]);
    // A section with a public page: no warning, and its feed.
    const open = loadSite(releaseNotesSite());
    expect(open.warnings.filter((warning) => warning.message.includes('release-notes feed'))).toEqual([]);
    expect(feedLinks(open.model, []).map((link) => link.path)).toEqual(['feeds/release-notes.xml']);
  });

  it("a release note's `date` must be a date: the error names the file and the field", () => {
    const root = siteWith({ 'content/1.1/release-notes/1-1.md': NOTE_1_1.replace('2026-03-01', 'last spring') }, 'discovery-versions');
    writeFileSync(join(root, 'content/1.1/nav.yml'), '- slug: overview\n- title: Release notes\n  children:\n    - slug: release-notes/1-1\n');
    const error = loadError(root);
    expect(error).toContain('content/1.1/release-notes/1-1.md');
    expect(error).toContain('`date`');
  });
});

describe('every feed', () => {
  it('is the same bytes on every run, whatever the clock says: dates come from the content', async () => {
    const root = releaseNotesSite();
    const first = (await built(root)).feeds;
    vi.useFakeTimers({ now: new Date('2099-12-31T23:59:59Z'), toFake: ['Date'] });
    const second = (await built(root)).feeds;
    expect(second).toEqual(first);
    expect([...second.values()].join('')).not.toContain('2099');
    const project = (await built(PROJECT_ROOT)).feeds;
    expect(project.get('feeds/changelog.xml')).not.toContain('2099');
    vi.useRealTimers();
    expect((await built(PROJECT_ROOT)).feeds).toEqual(project);
  });

  it('a broken feed fails the checks above: the validator is not a formality', async () => {
    const xml = (await built(releaseNotesSite())).feeds.get('feeds/release-notes.xml')!;
    for (const broken of [xml.replace('<id>', '<name>').replace('</id>', '</name>'), xml.replace('&amp;', '&'), xml.replace(/<updated>[^<]*<\/updated>/, '<updated>March 2026</updated>')]) {
      const result = await validateXML({ xml: [{ fileName: 'broken.xml', contents: broken }], schema: [{ fileName: 'atom.rng', contents: ATOM_RNG }], extension: 'relaxng' });
      expect(result.valid).toBe(false);
    }
  });

  it('a login-only site has none: no file, no head link, no llms.txt line', async () => {
    for (const root of [releaseNotesSite(), twoVersionsOfTwoApis('[]'), eventApisSite()]) {
      const site = await built(root, LOGIN_ONLY_ENV);
      expect(site.feeds.size).toBe(0);
      expect(site.links).toEqual([]);
      expect(site.files.get('llms.txt')).not.toContain('feeds/');
    }
  });

  it('is listed in llms.txt (the root index and each version\'s) as link items the reference parser reads', async () => {
    const { files } = await built(releaseNotesSite());
    for (const path of ['llms.txt', '1.1/llms.txt', '2.0-beta/llms.txt']) {
      const parsed = parseLikeReference(files.get(path)!);
      expect(parsed.sections.get('Feeds'), path).toEqual([{ title: 'Versions & Co Docs: Release notes', url: 'https://docs.versions.example/docs/feeds/release-notes.xml', notes: 'Atom feed. The pages of "Release notes", newest first.' }]);
      expect([...parsed.sections.keys()].slice(-2), path).toEqual(['Feeds', 'Versions']);
    }
  });

  it('fails the leak guard when a URL in it does not map to a built file, as a sitemap URL does', async () => {
    const root = releaseNotesSite();
    const { feeds } = await built(root);
    const files = [...feeds].map(([path, text]) => ({ path, text })).concat([{ path: 'index.html', text: '' }, { path: '1.1/release-notes/1-1/index.html', text: '' }]);
    const { problems } = guardDiscoveryOutput({ model: loadSite(root).model, files, publicSources: [] });
    expect(problems).toEqual([
      'feeds/release-notes.xml: https://docs.versions.example/docs/1.1/release-notes/1-1.md does not map to any built public page or public route.',
      'feeds/release-notes.xml: https://docs.versions.example/docs/1.0/release-notes/1-0/ does not map to any built public page or public route.',
      'feeds/release-notes.xml: https://docs.versions.example/docs/1.0/release-notes/1-0.md does not map to any built public page or public route.',
    ]);
  });

  it('takes a URL segment no version may use', () => {
    expect(versionsSchema.safeParse([{ id: 'feeds', label: 'Feeds', stable: true }]).success).toBe(false);
  });
});
