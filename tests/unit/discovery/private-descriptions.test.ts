import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { descriptionCanaries, findCanaries, MAX_CANARIES } from '../../../src/discovery/description-canaries.ts';
import { guardPrivateDescriptions } from '../../../src/discovery/leak-guard.ts';
import { guardBuildOutput } from '../../../src/integration/discovery-guard.ts';
import { FIXTURES } from '../site/support.ts';

const description = {
  openapi: '3.1.0',
  info: { title: 'Zoo API', version: '1', summary: 'Feed the animals with one call.' },
  paths: {
    '/keepers': {
      get: {
        summary: 'List the night keepers',
        description: 'Returns every keeper on the **night shift**, by enclosure.\nSecond line of prose here.',
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { examples: { one: { summary: 'Two keepers', value: { items: [{ id: 'kpr_0042', name: 'Olwen Marsh', notes: 'Carries the okapi rota', since: '2024-01-02', home: 'https://zoo.example/k/1', type: 'text/plain', shift: 'night' }] } } } } },
          },
        },
      },
    },
  },
  components: { schemas: { Shift: { type: 'string', description: 'When.', enum: ['night', 'early_morning', 'late-evening', 'swing'] } } },
};

describe('canaries of a private API description', () => {
  it('are its summaries, prose descriptions, enum values and examples, each with its JSON pointer', () => {
    const canaries = descriptionCanaries(description, '').filter((canary) => canary.spelling === undefined);
    expect(canaries).toEqual([
      { text: 'Feed the animals with one call.', kind: 'summary', pointer: '/info/summary' },
      { text: 'List the night keepers', kind: 'summary', pointer: '/paths/~1keepers/get/summary' },
      { text: 'Returns every keeper on the', kind: 'description', pointer: '/paths/~1keepers/get/description' },
      { text: 'Two keepers', kind: 'example', pointer: '/paths/~1keepers/get/responses/200/content/application~1json/examples/one/summary' },
      { text: 'Olwen Marsh', kind: 'example', pointer: '/paths/~1keepers/get/responses/200/content/application~1json/examples/one/value/items/0/name' },
      { text: 'Carries the okapi rota', kind: 'example', pointer: '/paths/~1keepers/get/responses/200/content/application~1json/examples/one/value/items/0/notes' },
      { text: 'early_morning', kind: 'enum value', pointer: '/components/schemas/Shift/enum/1' },
      { text: 'late-evening', kind: 'enum value', pointer: '/components/schemas/Shift/enum/2' },
    ]);
  });

  it('include its path templates of two segments or more and its operationIds that are not one plain word', () => {
    const routes = {
      paths: {
        '/keepers/{keeperId}/shifts': { get: { operationId: 'listKeeperShifts' }, post: { operationId: 'feed_okapi2' } },
        '/enclosures': { get: { operationId: 'enclosures' } },
        '/a/b': { get: { operationId: 'getAB' } },
      },
    };
    const texts = descriptionCanaries(routes, '').map(({ text, kind, pointer }) => `${kind}: ${text} at ${pointer}`);
    expect(texts).toEqual([
      'path: /keepers/{keeperId}/shifts at /paths/~1keepers~1{keeperId}~1shifts',
      'operation id: listKeeperShifts at /paths/~1keepers~1{keeperId}~1shifts/get/operationId',
      'operation id: feed_okapi2 at /paths/~1keepers~1{keeperId}~1shifts/post/operationId',
    ]);
    // The console's route table holds both, as a leaked private module would.
    expect(findCanaries('const routes=[["GET","/keepers/{keeperId}/shifts","listKeeperShifts"]]', descriptionCanaries(routes, '')).length).toBe(2);
  });

  it('end where smartypants or compressHTML would rewrite the text, so each is found in the rendered page', () => {
    const rewritten = {
      info: { title: 'Zoo', description: 'Wait... then feed -- slowly -- the okapi herd at noon' },
      paths: { '/x': { get: { summary: 'Okapi  and zebra (double space)', description: "The keeper's hidden feeding ledger", parameters: [{ name: 'q', example: 'okapi and zebra' }] } } },
    };
    const canaries = descriptionCanaries(rewritten, '');
    const rendered = {
      smartypants: '<p>Wait… then feed – slowly – the okapi herd at noon</p>',
      compressHTML: '<h2>Okapi and zebra (double space)</h2>',
      curledQuote: '<p>The keeper’s hidden feeding ledger</p>',
      urlEncoded: '<a href="/search?q=okapi%20and%20zebra">',
      formEncoded: 'fetch("/x?q=okapi+and+zebra")',
    };
    for (const [rewrite, text] of Object.entries(rendered)) expect(findCanaries(text, canaries), rewrite).not.toEqual([]);
    expect(canaries.filter((canary) => canary.pointer === '/paths/~1x/get/parameters/0/example')).toEqual([
      { text: 'okapi and zebra', kind: 'example', pointer: '/paths/~1x/get/parameters/0/example' },
      { text: 'okapi%20and%20zebra', kind: 'example', pointer: '/paths/~1x/get/parameters/0/example', spelling: 'URL-encoded' },
      { text: 'okapi+and+zebra', kind: 'example', pointer: '/paths/~1x/get/parameters/0/example', spelling: 'form-encoded' },
    ]);
    // A Markdown link's target is not page text: the run stops at the link.
    expect(descriptionCanaries({ description: 'See [the keepers](https://zoo.example/k) for the night rota' }, '').map((canary) => canary.text)).toEqual(['for the night rota']);
  });

  it('are also titles, defaults, consts, x- extension strings and long words in capitals', () => {
    const widened = {
      info: { title: 'Secret Okapi Platform', version: '1' },
      components: {
        schemas: {
          Keeper: {
            title: 'Night Keeper Record',
            'x-internal-note': 'moved to the reptile house in spring',
            'x-flags': { owner: 'team-okapi-feeding' },
            properties: {
              shift: { type: 'string', default: 'night-shift-default', const: 'okapi-const-value', enum: ['NIGHTWATCHKEEPERS', 'PENDING', 'pending', 'Keeper'] },
              title: { type: 'string', title: 'Title' },
            },
          },
        },
      },
    };
    const texts = descriptionCanaries(widened, '').filter((canary) => canary.spelling === undefined).map(({ text, kind }) => `${kind}: ${text}`);
    expect(texts).toEqual([
      'title: Secret Okapi Platform',
      'title: Night Keeper Record',
      'extension: moved to the reptile house in spring',
      'extension: team-okapi-feeding',
      'default: night-shift-default',
      'const: okapi-const-value',
      'enum value: NIGHTWATCHKEEPERS',
    ]);
  });

  it('stay bounded with their encoded spellings: whole groups, 2,000 in all', () => {
    const huge = { components: { schemas: Object.fromEntries(Array.from({ length: 3 * MAX_CANARIES }, (_, index) => [`S${index}`, { example: `okapi number ${index} of the zoo` }])) } };
    const canaries = descriptionCanaries(huge, '');
    expect(canaries.length).toBeLessThanOrEqual(MAX_CANARIES);
    expect(canaries.length).toBeGreaterThan(MAX_CANARIES - 3);
    expect(canaries.slice(0, 3).map((canary) => canary.text)).toEqual(['okapi number 0 of the zoo', 'okapi%20number%200%20of%20the%20zoo', 'okapi+number+0+of+the+zoo']);
  });

  it('leave out plain words, URLs, media types and dates any page may hold, and what public content says', () => {
    const texts = descriptionCanaries(description, 'Site title\nFeed the animals with one call.\n').map((canary) => canary.text);
    expect(texts).not.toContain('Feed the animals with one call.');
    for (const generic of ['night', 'swing', 'OK', 'When.', 'kpr_0042', '2024-01-02', 'https://zoo.example/k/1', 'text/plain']) expect(texts).not.toContain(generic);
    // A string public content holds is left out in every spelling.
    expect(descriptionCanaries(description, 'the keeper Olwen Marsh').map((canary) => canary.text).filter((text) => text.includes('Olwen'))).toEqual([]);
  });

  it('stay bounded on a huge description: a sample spread over all of it', () => {
    const huge = { components: { schemas: Object.fromEntries(Array.from({ length: 3 * MAX_CANARIES }, (_, index) => [`S${index}`, { description: `Schema number ${index} of the huge API` }])) } };
    const canaries = descriptionCanaries(huge, '');
    expect(canaries).toHaveLength(MAX_CANARIES);
    expect(canaries[0]!.text).toBe('Schema number 0 of the huge API');
    expect(canaries.at(-1)!.text).toBe(`Schema number ${3 * MAX_CANARIES - 3} of the huge API`);
  });

  it('are found wherever they occur, including overlapping ones and at the very end', () => {
    const canaries = [{ text: 'Olwen Marsh' }, { text: 'Marsh keepers' }, { text: 'kpr_0042' }, { text: 'absent canary' }, { text: 'the end of it' }, { text: 'Olwen Marsh and' }];
    const text = '…"Olwen Marsh keepers",id:`kpr_0042`, and Olwen Marsh again at the end of it';
    expect(findCanaries(text, canaries)).toEqual([canaries[0], canaries[1], canaries[2], canaries[4]]);
    expect(findCanaries('', canaries)).toEqual([]);
    expect(findCanaries('Olwen', canaries)).toEqual([]);
    // Characters outside Latin-1 (a page's UTF-16 text) slide through the hash like any other.
    expect(findCanaries('☀☀☀ Olwen Marsh 😀 Marsh keepers', canaries)).toEqual([canaries[0], canaries[1]]);
  });

  it('in any public file fail the guard, naming the file, the canary, where it comes from and the version', () => {
    const problems = guardPrivateDescriptions(
      [{ version: '1.0', canaries: descriptionCanaries(description, '') }],
      [
        { path: '_astro/chunk.js', text: 'const seed={name:"Olwen Marsh"}' },
        { path: 'favicon.svg', text: '<svg/>' },
        { path: 'img/map.png', text: '\u0089PNG…early_morning…' },
      ],
    );
    expect(problems).toEqual([
      `_astro/chunk.js: contains "Olwen Marsh", the example at /paths/~1keepers/get/responses/200/content/application~1json/examples/one/value/items/0/name of version 1.0's API description, which only signed-in readers may read on this site.`,
      `img/map.png: contains "early_morning", the enum value at /components/schemas/Shift/enum/1 of version 1.0's API description, which only signed-in readers may read on this site.`,
    ]);
  });
});

describe('the build guard on the auth fixture, login-only', () => {
  const out = mkdtempSync(join(tmpdir(), 'private-descriptions-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  const loginOnly = () => loadSite(join(FIXTURES, 'auth'), { CARAVAN_DOCS_AUTH_REQUIRE_LOGIN: 'true' }).model;
  const leak = (file: string, text: string | Buffer) => {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(join(out, file, '..'), { recursive: true });
    writeFileSync(join(out, 'index.html'), '<!doctype html><title>Auth Fixture Docs</title>');
    writeFileSync(join(out, file), text);
  };

  it('passes a public folder without the description', async () => {
    leak('_astro/console.js', 'export const sandboxes={"1.0":()=>import("./1.js")};');
    expect((await guardBuildOutput(out, loginOnly(), join(FIXTURES, 'auth'))).warnings).toEqual([]);
  });

  for (const [kind, canary] of [
    ['summary', 'AUTHCANARY path summary of the caravans collection'],
    ['description', 'Where the caravan is in its life (AUTHCANARY schema description, tamarisk ledger).'],
    ['enum value', 'authcanary_enum_route'],
    ['example', 'AUTHCANARY example amber'],
    ['seed item (an example of a list)', 'AUTHCANARY seed item of the salt road'],
  ] as const) {
    it(`fails the build on the description's ${kind} in a public file`, async () => {
      leak('_astro/sandbox-1.0-0.abc.js', `export const details={"x":"${canary}"};`);
      await expect(guardBuildOutput(out, loginOnly(), join(FIXTURES, 'auth'))).rejects.toThrow(/_astro\/sandbox-1\.0-0\.abc\.js: contains "[^"]*AUTHCANARY|_astro\/sandbox-1\.0-0\.abc\.js: contains "authcanary_enum_route"/);
    });
  }

  it('reads compressed and binary files too', async () => {
    leak('pagefind/fragment/x.pf_fragment', gzipSync('{"content":"Spice and cloth for the southern salt towns."}'));
    await expect(guardBuildOutput(out, loginOnly(), join(FIXTURES, 'auth'))).rejects.toThrow(/pagefind\/fragment\/x\.pf_fragment: contains "Spice and cloth for the southern salt towns\."/);
  });

  it('leaves a public reference alone: with sign-in but no requireLogin the description is public', async () => {
    leak('_astro/sandbox-1.0-0.abc.js', 'export const details={"x":"AUTHCANARY example amber"};');
    expect(await guardBuildOutput(out, loadSite(join(FIXTURES, 'auth'), {}).model, join(FIXTURES, 'auth'))).toEqual({ warnings: [], privateVersions: [], canaries: 0 });
  });
});
