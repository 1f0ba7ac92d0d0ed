/**
 * Atom 1.0 documents (RFC 4287) from plain data: every text XML-escaped, elements in one fixed
 * order, dates only from the input (never the time of writing), so the same input gives the same
 * bytes. Pure.
 */
import { escapeXml } from './sitemap.ts';
import { oneLine } from './text.ts';

const ATOM_NS = 'http://www.w3.org/2005/Atom';

interface AtomLink {
  href: string;
  /** Absent: `alternate`, as RFC 4287 reads a link without one. */
  rel?: 'alternate' | 'self';
  /** Media type of the resource linked. */
  type?: string;
}

export interface AtomEntry {
  /** A permanent IRI: the same entry keeps it in every build. */
  id: string;
  title: string;
  /** ISO 8601. */
  updated: string;
  published?: string | undefined;
  links: readonly AtomLink[];
  summary?: string | undefined;
  categories?: ReadonlyArray<{ term: string; label: string }>;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle?: string | undefined;
  /** ISO 8601: the newest entry's date. */
  updated: string;
  /** `xml:lang` of the feed's texts. */
  lang: string;
  /** The feed's author (the entries carry none, so RFC 4287 wants one here). */
  author: string;
  links: readonly AtomLink[];
  entries: readonly AtomEntry[];
}

/** The feed as an XML document. */
export function atomXml(feed: AtomFeed): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="${ATOM_NS}" xml:lang="${attribute(feed.lang)}">`,
    `  <id>${text(feed.id)}</id>`,
    `  <title>${text(oneLine(feed.title))}</title>`,
    ...(feed.subtitle ? [`  <subtitle>${text(oneLine(feed.subtitle))}</subtitle>`] : []),
    `  <updated>${atomDate(feed.updated)}</updated>`,
    `  <author><name>${text(oneLine(feed.author))}</name></author>`,
    ...feed.links.map((link) => `  ${linkElement(link)}`),
  ];
  for (const entry of feed.entries) {
    lines.push(
      '  <entry>',
      `    <id>${text(entry.id)}</id>`,
      `    <title>${text(oneLine(entry.title))}</title>`,
      ...(entry.published ? [`    <published>${atomDate(entry.published)}</published>`] : []),
      `    <updated>${atomDate(entry.updated)}</updated>`,
      ...entry.links.map((link) => `    ${linkElement(link)}`),
      ...(entry.categories ?? []).map((category) => `    <category term="${attribute(category.term)}" label="${attribute(category.label)}"/>`),
      ...(entry.summary ? [`    <summary>${text(oneLine(entry.summary))}</summary>`] : []),
      '  </entry>',
    );
  }
  lines.push('</feed>');
  return `${lines.join('\n')}\n`;
}

/** An RFC 3339 date-time in UTC, whole seconds unless the input has a fraction: `2026-11-20T09:30:00Z`. */
function atomDate(iso: string): string {
  return new Date(iso).toISOString().replace(/\.000Z$/, 'Z');
}

function linkElement(link: AtomLink): string {
  const rel = link.rel ? ` rel="${link.rel}"` : '';
  const type = link.type ? ` type="${attribute(link.type)}"` : '';
  return `<link${rel}${type} href="${attribute(link.href)}"/>`;
}

/** Characters XML 1.0 does not allow anywhere (C0 controls but tab and line breaks, lone surrogates, U+FFFE and U+FFFF). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function text(value: string): string {
  return escapeXml(value.replace(NOT_XML, ''));
}

const attribute = text;
