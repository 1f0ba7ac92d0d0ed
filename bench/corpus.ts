// Generated documentation corpus for the site benchmark: one version, 10 sections, pages of about
// 7.6 KB of Markdown each (real guide pages are 5–8 KB): H2/H3 sections, prose paragraphs, two
// tables, lists and 2–3 fenced code blocks in different languages. Deterministic: every page's text
// comes from a PRNG seeded with its position, so two runs write byte-identical corpora, while no
// two pages are the same.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SECTIONS = 10;

/** mulberry32: a small, fast, seedable PRNG (uniform in [0, 1)). */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function between(random: Random, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

const SUBJECTS = [
  'The dispatcher', 'Each caravan', 'A cargo manifest', 'The route planner', 'Your integration', 'The market ledger',
  'A partner account', 'The checkpoint service', 'The sandbox', 'Every bazaar order', 'The settlement job', 'A webhook endpoint',
  'The quota tracker', 'An access token', 'The inventory index', 'The caravan master', 'Each cargo lot', 'The pricing engine',
  'A retry policy', 'The audit log', 'The oasis registry', 'A read replica', 'The export worker', 'Each request',
];
const VERBS = [
  'records', 'validates', 'rejects', 'retries', 'holds', 'publishes', 'reserves', 'settles', 'signs', 'checks',
  'groups', 'splits', 'caches', 'refreshes', 'lists', 'archives', 'releases', 'locks', 'reports', 'forwards',
];
const OBJECTS = [
  'the manifest before departure', 'every cargo lot in the request', 'the scopes of the token', 'the current exchange rate',
  'the next checkpoint on the route', 'a copy of the signed receipt', 'the weight limit of the caravan', 'each pending order',
  'the idempotency key', 'the market identifier', 'the delivery window', 'the list of open disputes', 'the tariff table',
  'the position of every camel', 'the balance of the trading account', 'the status history', 'the partner route catalogue',
  'the rate-limit counters', 'the customs declaration', 'the water reserve estimate',
];
const TAILS = [
  '', '', '', ' when the caravan leaves the oasis', ' within 30 seconds', ' unless `dry_run` is true', ' for each market on the route',
  ' before the settlement window closes', ' as soon as the last lot is weighed', ' in the order the requests arrived',
  ' only for partners with the `routes:write` scope', ' and returns `202 Accepted`', ' once per hour', ' after a sandstorm alert',
  ' at most five times', ' while the manifest is still a draft', ' for every region you enabled',
];
const CONNECTIVES = ['Because of this,', 'In practice,', 'For example,', 'Note that', 'As a rule,', 'If needed,', 'By default,', 'Later,', 'Meanwhile,'];
const TOPICS = [
  'Dispatching caravans', 'Cargo manifests', 'Bazaar orders', 'Route planning', 'Checkpoints', 'Settlements', 'Webhooks', 'Quotas',
  'Partner routes', 'Customs declarations', 'Market data', 'Water reserves', 'Tariffs', 'Disputes', 'Exports', 'Audit trails',
];
const H2 = [
  'Before you start', 'How it works', 'Request', 'Response', 'Configuration', 'Limits and quotas', 'Handling errors', 'Testing in the sandbox',
  'Pagination', 'Idempotency', 'Webhooks you receive', 'Security', 'Troubleshooting', 'Migrating from version 0.9', 'Performance tips',
];
const H3 = [
  'Required scopes', 'Optional fields', 'Example', 'Edge cases', 'Retries', 'Time zones', 'Rounding', 'Ordering', 'Partial failures',
  'Field reference', 'Status values', 'Common mistakes',
];
const FIELD_NAMES = [
  'id', 'status', 'created_at', 'updated_at', 'caravan_id', 'market_id', 'weight_kg', 'price', 'currency', 'route', 'checkpoint',
  'eta', 'manifest_id', 'lots', 'partner_id', 'region', 'tariff_code', 'dry_run', 'reference', 'metadata', 'expires_at', 'camel_count',
];
const FIELD_TYPES = ['string', 'integer', 'number', 'boolean', 'string (date-time)', 'array of strings', 'object', 'string (enum)'];
const STATUSES = ['forming', 'loading', 'dispatched', 'in_transit', 'at_checkpoint', 'delivered', 'cancelled', 'disputed'];
const ERRORS = [
  ['400', 'invalid_request', 'a field is missing or has the wrong type'],
  ['401', 'unauthenticated', 'the token is missing, expired or revoked'],
  ['403', 'insufficient_scope', 'the token lacks a scope the operation needs'],
  ['404', 'not_found', 'no resource has that identifier'],
  ['409', 'dispatch_precondition_failed', 'the caravan is not ready to leave'],
  ['409', 'conflict', 'another request changed the resource first'],
  ['422', 'weight_limit_exceeded', 'the lots weigh more than the caravan can carry'],
  ['429', 'rate_limited', 'too many requests; wait for `Retry-After`'],
  ['503', 'sandstorm', 'the route is closed for now; retry later'],
] as const;
const PLACES = ['Oasis of Siwa', 'Timbuktu', 'Ghadames', 'Agadez', 'Petra', 'Palmyra', 'Merv', 'Samarkand', 'Kashgar', 'Bukhara', 'Tabriz', 'Aleppo'];

function sentence(random: Random): string {
  const opener = random() < 0.2 ? `${pick(random, CONNECTIVES)} ` : '';
  const subject = pick(random, SUBJECTS);
  const text = `${subject} ${pick(random, VERBS)} ${pick(random, OBJECTS)}${pick(random, TAILS)}.`;
  return opener ? `${opener} ${text.charAt(0).toLowerCase()}${text.slice(1)}`.replace('  ', ' ') : text;
}

function paragraph(random: Random, sentences: number): string {
  const parts: string[] = [];
  for (let i = 0; i < sentences; i++) parts.push(sentence(random));
  if (random() < 0.3) parts.push(`See [${pick(random, TOPICS).toLowerCase()}](https://caravan.example/docs/${pick(random, TOPICS).toLowerCase().replace(/ /g, '-')}) for details.`);
  return parts.join(' ');
}

function fieldTable(random: Random): string {
  const rows = between(random, 5, 8);
  const lines = ['| Field | Type | Required | Description |', '| --- | --- | --- | --- |'];
  const start = between(random, 0, FIELD_NAMES.length - 1);
  for (let i = 0; i < rows; i++) {
    const name = FIELD_NAMES[(start + i) % FIELD_NAMES.length]!;
    lines.push(`| \`${name}\` | ${pick(random, FIELD_TYPES)} | ${random() < 0.5 ? 'yes' : 'no'} | ${sentence(random).replace(/\.$/, '')} |`);
  }
  return lines.join('\n');
}

function errorTable(random: Random): string {
  const rows = between(random, 4, 6);
  const start = between(random, 0, ERRORS.length - 1);
  const lines = ['| Status | Code | When |', '| --- | --- | --- |'];
  for (let i = 0; i < rows; i++) {
    const [status, code, when] = ERRORS[(start + i) % ERRORS.length]!;
    lines.push(`| ${status} | \`${code}\` | ${when} |`);
  }
  return lines.join('\n');
}

function bulletList(random: Random): string {
  const items = between(random, 3, 6);
  const lines: string[] = [];
  for (let i = 0; i < items; i++) lines.push(`- ${sentence(random)}`);
  return lines.join('\n');
}

function numberedList(random: Random): string {
  const items = between(random, 3, 5);
  const lines: string[] = [];
  for (let i = 0; i < items; i++) lines.push(`${i + 1}. ${sentence(random)}`);
  return lines.join('\n');
}

function fence(language: string, body: string): string {
  return `\`\`\`${language}\n${body}\n\`\`\``;
}

const CODE_SAMPLES: ReadonlyArray<(random: Random, section: number, index: number) => string> = [
  (random, section, index) =>
    fence(
      'bash',
      `curl -X POST https://api.caravan.example/v1/caravans/car_${section}_${index}/dispatch \\
  -H "Authorization: Bearer sandbox-trader" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: ${Math.floor(random() * 1e9).toString(36)}" \\
  -d '{"route": "${pick(random, PLACES)}", "dry_run": ${random() < 0.5}}'`,
    ),
  (random, section, index) =>
    fence(
      'json',
      JSON.stringify(
        {
          id: `man_${section}_${index}`,
          status: pick(random, STATUSES),
          weight_kg: between(random, 100, 9000),
          next_checkpoint: pick(random, PLACES),
          lots: [
            { id: `lot_${between(random, 1, 999)}`, commodity: 'saffron', weight_kg: between(random, 1, 90) },
            { id: `lot_${between(random, 1, 999)}`, commodity: 'indigo', weight_kg: between(random, 1, 90) },
          ],
          dispatched_at: `2026-0${between(random, 1, 9)}-1${between(random, 0, 9)}T08:00:00Z`,
        },
        null,
        2,
      ),
    ),
  (random, section, index) =>
    fence(
      'ts',
      `import { CaravanClient } from '@caravan/sdk';

const client = new CaravanClient({ token: process.env.CARAVAN_TOKEN });

export async function dispatch${section}x${index}(caravanId: string): Promise<string> {
  const manifest = await client.manifests.create({
    caravanId,
    route: '${pick(random, PLACES)}',
    lots: [{ commodity: 'salt', weightKg: ${between(random, 10, 500)} }],
  });
  if (manifest.status !== '${pick(random, STATUSES)}') {
    throw new Error(\`unexpected status \${manifest.status}\`);
  }
  return manifest.id;
}`,
    ),
  (random, section, index) =>
    fence(
      'python',
      `import os
import requests

BASE = "https://api.caravan.example/v1"
headers = {"Authorization": f"Bearer {os.environ['CARAVAN_TOKEN']}"}

response = requests.get(f"{BASE}/markets/mkt_${section}_${index}/orders", headers=headers, params={"limit": ${between(random, 10, 100)}})
response.raise_for_status()
for order in response.json()["data"]:
    print(order["id"], order["status"], order.get("price"))`,
    ),
  (random) =>
    fence(
      'yaml',
      `# caravan.yml
region: ${pick(random, ['north', 'south', 'east', 'west'])}
retries:
  max_attempts: ${between(random, 2, 6)}
  backoff: exponential
webhooks:
  - url: https://example.com/hooks/caravan
    events: [${pick(random, STATUSES)}, ${pick(random, STATUSES)}]
limits:
  weight_kg: ${between(random, 1000, 9000)}`,
    ),
  (random, section) =>
    fence(
      'go',
      `package main

import (
	"fmt"
	"net/http"
)

func main() {
	req, _ := http.NewRequest("GET", "https://api.caravan.example/v1/caravans?area=${section}&limit=${between(random, 5, 50)}", nil)
	req.Header.Set("Authorization", "Bearer sandbox-trader")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status)
}`,
    ),
];

/** One page: front matter, an introduction, then H2 sections with H3s, prose, two tables, lists and 2–3 code blocks. */
export function pageText(section: number, index: number): string {
  const random = prng(section * 1_000_003 + index * 7919 + 17);
  const topic = pick(random, TOPICS);
  const blocks: string[] = [];
  blocks.push(`---\ntitle: ${topic} ${section}.${index}\ndescription: How to use ${topic.toLowerCase()} feature ${index} in area ${section}.\n---`);
  blocks.push(paragraph(random, between(random, 3, 6)));
  blocks.push(paragraph(random, between(random, 3, 4)));

  // Code blocks in 2–3 different languages, tables and lists go into the H2 sections in turn.
  const codeCount = between(random, 2, 3);
  const firstSample = between(random, 0, CODE_SAMPLES.length - 1);
  const extras: string[] = [];
  for (let i = 0; i < codeCount; i++) extras.push(CODE_SAMPLES[(firstSample + i * 2) % CODE_SAMPLES.length]!(random, section, index));
  extras.splice(1, 0, fieldTable(random));
  extras.push(errorTable(random));
  extras.splice(2, 0, bulletList(random));
  extras.push(numberedList(random));

  const h2Count = between(random, 5, 6);
  let h3Next = between(random, 0, H3.length - 1);
  const h2Start = between(random, 0, H2.length - 1);
  for (let h = 0; h < h2Count; h++) {
    blocks.push(`## ${H2[(h2Start + h) % H2.length]}`);
    blocks.push(paragraph(random, between(random, 3, 7)));
    const extra = extras[h];
    if (extra) blocks.push(extra);
    const h3Count = between(random, 0, 2);
    for (let s = 0; s < h3Count; s++) {
      blocks.push(`### ${H3[h3Next++ % H3.length]}`);
      blocks.push(paragraph(random, between(random, 2, 5)));
    }
  }
  // Any blocks the sections did not take go at the end, so every page has all of them.
  for (const extra of extras.slice(h2Count)) blocks.push(extra);
  return `${blocks.join('\n\n')}\n`;
}

export interface CorpusStats {
  pages: number;
  markdownBytes: number;
}

/**
 * Writes a site of `pages` pages over 10 sections into `root` (replacing it): config/ and
 * content/1.0/ with nav.yml and `area-<s>/guide-<i>.md`. Returns the Markdown bytes written.
 */
export function writeCorpus(root: string, pages: number): CorpusStats {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'config'), { recursive: true });
  writeFileSync(join(root, 'config/site.yml'), 'title: Bench Docs\ndescription: A generated corpus.\nurl: https://bench.example\n');
  writeFileSync(join(root, 'config/versions.yml'), '- { id: "1.0", label: "1.0", stable: true }\n');
  const perSection = Math.ceil(pages / SECTIONS);
  const nav: string[] = [];
  let written = 0;
  let markdownBytes = 0;
  for (let section = 0; section < SECTIONS && written < pages; section++) {
    nav.push(`- title: Area ${section}\n  children:`);
    mkdirSync(join(root, `content/1.0/area-${section}`), { recursive: true });
    for (let index = 0; index < perSection && written < pages; index++, written++) {
      nav.push(`    - slug: area-${section}/guide-${index}`);
      const text = pageText(section, index);
      markdownBytes += Buffer.byteLength(text);
      writeFileSync(join(root, `content/1.0/area-${section}/guide-${index}.md`), text);
    }
  }
  writeFileSync(join(root, 'content/1.0/nav.yml'), `${nav.join('\n')}\n`);
  return { pages: written, markdownBytes };
}
