import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { outDir, siteUrl } from './support/sites.ts';

/*
 * Issue 38: event APIs (AsyncAPI) documented and tried like HTTP ones. The held-out site
 * (tests/e2e/support/event-apis-site.ts) holds public AsyncAPI examples, 2.6 and 3.1; the
 * default site's Caravan Tracking Feed is the console's WebSocket sandbox, answered in the page.
 */
const held = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('eventapis')).href;
const caravan = (path: string) => new URL(path.replace(/^\//, ''), siteUrl('default')).href;

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: '360 px', viewport: { width: 360, height: 800 } },
] as const;

/** The console of the page, loaded (its script starts when the reader reaches for it). */
async function openConsole(page: Page) {
  const console = page.getByRole('region', { name: /^Try it: / });
  await console.getByRole('paragraph').first().click();
  await expect(console.getByRole('button', { name: 'Connect' })).toBeVisible();
  return console;
}

/** The log's entries as `direction | check` lines, and each frame parsed. */
async function logOf(page: Page) {
  const entries = page.locator('.event-log > li');
  return entries.evaluateAll((items) =>
    items.map((item) => ({
      direction: item.getAttribute('data-direction'),
      check: item.querySelector('.event-frame-check')?.textContent,
      frame: JSON.parse(item.querySelector('pre')!.textContent!) as Record<string, unknown>,
    })),
  );
}

test.describe('held-out AsyncAPI descriptions build into reference pages', () => {
  test('the version lists its APIs with their kind; a 3.1 operation page shows its messages, its reply and the correlation id', async ({ page }) => {
    await page.goto(held('/1.0/reference/'));
    const list = page.locator('.api-list > li');
    await expect(list).toHaveCount(3);
    await expect(list.nth(0)).toContainText('Gemini Market Data Websocket API');
    await expect(list.nth(0).locator('.api-kind')).toHaveText('AsyncAPI 2.6.0 over WSS');
    await expect(list.nth(1).locator('.api-kind')).toHaveText('AsyncAPI 3.1.0');
    await expect(list.nth(2).locator('.api-kind')).toHaveText('AsyncAPI 2.6.0 over MQTT');

    await page.goto(held('/1.0/reference/kraken/subscribe/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('subscribe');
    await expect(page.locator('.endpoint')).toContainText('You send');
    const messages = page.locator('section.event-message');
    await expect(messages.first().getByRole('heading', { level: 3 })).toHaveText('subscribe');
    await expect(messages.first()).toContainText('Correlation id: $message.payload#/reqid.');
    await expect(page.getByRole('heading', { level: 2, name: 'Reply' })).toBeVisible();
    await expect(messages.nth(1).getByRole('heading', { level: 3 })).toHaveText('subscriptionStatus');
    // Kraken names no server: no console and no connect sample, only what the description says.
    await expect(page.getByRole('region', { name: /^Try it: / })).toHaveCount(0);
  });

  test('a 2.6 description of another protocol gets a library per language instead of a console', async ({ page }) => {
    await page.goto(held('/1.0/reference/lights/turn-on/'));
    await expect(page.locator('.endpoint')).toContainText('(MQTT)');
    await expect(page.getByRole('heading', { level: 2, name: 'Code samples' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Python:' })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Try it: / })).toHaveCount(0);
  });

  test('the changelog of 2.0 names the operation it removed, as breaking', async ({ page, request }) => {
    await page.goto(held('/2.0/reference/kraken/changes/1.0/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Changes since 1.0');
    await expect(page.locator('main')).toContainText('Operation unsubscribe removed.');
    // Its counts, as the OpenAPI changelog's lead gives them (and its feed entry's summary).
    const lead = 'From 1.0 to 2.0: 1 change (0 added, 1 removed, 0 changed), with 1 breaking change.';
    await expect(page.locator('main').getByText(lead, { exact: true })).toBeVisible();
    const markdown = await (await request.get(held('/2.0/reference/kraken/changes/1.0.md'))).text();
    expect(markdown).toMatch(/^# Changes since 1\.0\n/);
    expect(markdown).toContain(`\n\n${lead}\n\n`);
    expect(markdown).toMatch(/## Breaking\n\n- Operation `unsubscribe` removed\./);
  });

  test('each page has its Markdown source, listed in llms.txt; the site search finds them', async ({ page, request }) => {
    const source = await (await request.get(held('/1.0/reference/kraken/subscribe.md'))).text();
    expect(source).toMatch(/^# subscribe\n/);
    expect(source).toContain('Correlation id: `$message.payload#/reqid`');
    const llms = await (await request.get(held('/1.0/llms.txt'))).text();
    expect(llms).toContain('## Event API: Kraken Websockets API');
    expect(llms).toContain('(https://docs.feeds.example/1.0/reference/kraken/subscribe.md)');
    await page.goto(held('/1.0/overview/'));
    await page.keyboard.press('Control+k');
    await page.getByRole('searchbox', { name: 'Search documentation' }).fill('subscriptionStatus');
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('link', { name: /Kraken Websockets API › \/ subscribe / }).click();
    await expect(page).toHaveURL(held('/1.0/reference/kraken/subscribe/'));
  });
});

/** The entries of the Atom feed at a URL, read by the browser's XML parser (a feed that is not well-formed fails). */
async function feedEntries(page: Page, request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return page.evaluate((xml) => {
    const feed = new DOMParser().parseFromString(xml, 'application/xml');
    if (feed.querySelector('parsererror')) throw new Error(`Not well-formed: ${feed.querySelector('parsererror')!.textContent}`);
    const text = (entry: Element, name: string) => entry.getElementsByTagName(name)[0]?.textContent ?? undefined;
    return [...feed.getElementsByTagName('entry')].map((entry) => ({
      id: text(entry, 'id'),
      title: text(entry, 'title'),
      summary: text(entry, 'summary'),
      categories: [...entry.getElementsByTagName('category')].map((category) => category.getAttribute('term')),
      links: [...entry.getElementsByTagName('link')].map((link) => ({ type: link.getAttribute('type'), href: link.getAttribute('href')! })),
    }));
  }, await response.text());
}

/** An absolute URL of a site's discovery output, on the test server that serves the site. */
const served = (site: (path: string) => string, url: string) => site(new URL(url).pathname);

test.describe('the changelog feed lists event APIs\' changelogs (issues 37 and 38)', () => {
  test('the held-out site, whose only changelog is Kraken\'s: its entry is marked breaking and links the page and its Markdown source; pages\' heads and llms.txt link the feed', async ({ page, request }) => {
    const entries = await feedEntries(page, request, held('/feeds/changelog.xml'));
    expect(entries).toEqual([
      {
        id: 'https://docs.feeds.example/2.0/reference/kraken/changes/1.0/',
        title: 'Kraken Websockets API 2.0: Changes since 1.0',
        summary: 'From 1.0 to 2.0: 1 change (0 added, 1 removed, 0 changed), with 1 breaking change.',
        categories: ['breaking'],
        links: [
          { type: 'text/html', href: 'https://docs.feeds.example/2.0/reference/kraken/changes/1.0/' },
          { type: 'text/markdown', href: 'https://docs.feeds.example/2.0/reference/kraken/changes/1.0.md' },
        ],
      },
    ]);
    const [html, markdown] = entries[0]!.links;
    await page.goto(served(held, html!.href));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Changes since 1.0');
    await expect(page.locator('main')).toContainText('Operation unsubscribe removed.');
    const source = await request.get(served(held, markdown!.href));
    expect(source.status()).toBe(200);
    expect(await source.text()).toMatch(/^# Changes since 1\.0\n[\s\S]*## Breaking\n\n- Operation `unsubscribe` removed\./);
    await page.goto(held('/1.0/overview/'));
    await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', 'https://docs.feeds.example/feeds/changelog.xml');
    expect(await (await request.get(held('/llms.txt'))).text()).toContain('- [Market Feeds: API changelog](https://docs.feeds.example/feeds/changelog.xml): Atom feed.');
  });

  test('the default site: the Caravan Tracking Feed\'s changes in 2.0 beta beside the OpenAPI changelogs, marked breaking (its server path moved)', async ({ page, request }) => {
    const entries = await feedEntries(page, request, caravan('/feeds/changelog.xml'));
    expect(entries.map((entry) => entry.id).sort()).toEqual([
      'https://docs.caravan.example/1.2/reference/changes/1.1/',
      'https://docs.caravan.example/2.0-beta/reference/changes/1.2/',
      'https://docs.caravan.example/2.0-beta/reference/tracking/changes/1.2/',
    ]);
    const tracking = entries.find((entry) => entry.id!.includes('/tracking/'))!;
    expect(tracking).toMatchObject({ title: 'Caravan Tracking Feed 2.0 beta: Changes since 1.2', categories: ['breaking'] });
    expect(tracking.summary).toBe('From 1.2 to 2.0 beta: 5 changes (4 added, 0 removed, 1 changed), with 1 breaking change.');
    for (const link of tracking.links) expect((await request.get(served(caravan, link.href))).status(), link.href).toBe(200);
    await page.goto(served(caravan, tracking.links[0]!.href));
    await expect(page.locator('main')).toContainText('Operation statusChanged added.');
  });
});

test.describe('the WebSocket console', () => {
  for (const { name, viewport } of WIDTHS) {
    test(`sends an example, gets the correlated reply, an error frame for a stray message, and stays connected (${name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(caravan('/1.2/reference/tracking/subscribe/'));
      // The samples carry the servers' query API key as a placeholder (the description puts it on the server).
      await expect(page.locator('.code-samples').first()).toContainText('wss://stream.caravan.example/v1/tracking?access_token=YOUR_ACCESS_TOKEN');
      const console = await openConsole(page);
      const message = console.getByRole('textbox', { name: 'Message' });
      expect(JSON.parse(await message.inputValue())).toMatchObject({ type: 'subscribe', request_id: 'req_7f3a' });

      // Send connects first; the reply carries the request's id.
      await message.fill(JSON.stringify({ type: 'subscribe', request_id: 'mine-42', caravan_ids: ['car_002'] }));
      await console.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(console.getByRole('status')).toHaveText('Connected to the sandbox at wss://stream.caravan.example/v1/tracking.');
      await expect(page.locator('.event-log > li')).toHaveCount(2);
      const [sent, reply] = await logOf(page);
      expect(sent).toMatchObject({ direction: 'sent', check: 'subscribe: valid' });
      expect(reply).toMatchObject({ direction: 'received', check: 'subscribed: valid', frame: { type: 'subscribed', request_id: 'mine-42' } });

      // A message of no operation: an error frame naming why, and the connection stays open.
      await message.fill(JSON.stringify({ type: 'hello' }));
      await message.press('Control+Enter');
      await expect(page.locator('.event-log > li')).toHaveCount(4);
      const [, , stray, error] = await logOf(page);
      expect(stray).toMatchObject({ direction: 'sent', check: 'Matches no message of this channel' });
      expect(error).toMatchObject({ direction: 'received', check: 'Sandbox error: no_matching_operation', frame: { error: { code: 'no_matching_operation' } } });
      await expect(console.getByRole('button', { name: 'Disconnect' })).toBeVisible();

      // Still connected: the next request gets its reply.
      await message.fill(JSON.stringify({ type: 'unsubscribe', request_id: 'mine-43', caravan_ids: ['car_002'] }));
      await console.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.locator('.event-log > li')).toHaveCount(6);
      expect((await logOf(page))[5]).toMatchObject({ check: 'unsubscribed: valid', frame: { type: 'unsubscribed', request_id: 'mine-43' } });

      // The console fits the width: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      await console.getByRole('button', { name: 'Disconnect' }).click();
      await expect(console.getByRole('status')).toHaveText('Disconnected (code 1000).');
    });
  }

  test('a message that breaks its schema is marked, with the sandbox\'s reason', async ({ page }) => {
    await page.goto(caravan('/1.2/reference/tracking/subscribe/'));
    const console = await openConsole(page);
    await console.getByRole('textbox', { name: 'Message' }).fill(JSON.stringify({ type: 'subscribe', request_id: 'r1', caravan_ids: ['nope'] }));
    await console.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.locator('.event-log > li')).toHaveCount(2);
    const [sent, error] = await logOf(page);
    expect(sent!.check).toBe('Not a valid subscribe');
    await expect(page.locator('.event-log > li').first().locator('.event-frame-problems')).toContainText('/caravan_ids/0 must match pattern');
    expect(error).toMatchObject({ check: 'Sandbox error: invalid_message', frame: { error: { code: 'invalid_message' } } });
  });

  test('what the API sends on its own, the sandbox sends on request, checked against its schema (held-out Gemini 2.6)', async ({ page }) => {
    await page.goto(held('/1.0/reference/gemini/subscribe-v1-marketdata-symbol/'));
    const console = await openConsole(page);
    // The channel's parameter takes one of its enum's values.
    await console.getByRole('combobox', { name: 'symbol' }).selectOption('ethusd');
    await console.getByRole('button', { name: /^Have the sandbox send/ }).click();
    await expect(console.getByRole('status')).toHaveText('Connected to the sandbox at wss://api.gemini.com/v1/marketdata/ethusd.');
    await expect(page.locator('.event-log > li')).toHaveCount(1);
    const [received] = await logOf(page);
    expect(received).toMatchObject({ direction: 'received' });
    expect(received!.check).toMatch(/: valid$/);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the page makes no WebSocket of its own until the reader connects, and a real server is not offered unless the site allows it', async ({ page }) => {
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await page.goto(caravan('/1.2/reference/tracking/position/'));
    const console = await openConsole(page);
    await expect(console.getByRole('combobox', { name: 'Connect to' })).toHaveCount(0);
    await console.getByRole('button', { name: /^Have the sandbox send position/ }).click();
    await expect(page.locator('.event-log > li')).toHaveCount(1);
    expect((await logOf(page))[0]).toMatchObject({ check: 'position: valid', frame: { type: 'position' } });
    // Answered in the page: no socket reached the network.
    expect(sockets).toEqual([]);
  });
});

test('a site without an event API ships none of the event console (its HTTP consoles\' bundle is not split around it)', () => {
  const assets = readdirSync(join(outDir('anyapi'), '_astro'));
  expect(assets.filter((file) => file.startsWith('console.'))).toHaveLength(1);
  expect(assets.filter((file) => /^event-console\./.test(file))).toEqual([]);
  // The default site has one: the test above is not true of every build.
  expect(readdirSync(join(outDir('default'), '_astro')).filter((file) => /^event-console\./.test(file))).toHaveLength(1);
});
