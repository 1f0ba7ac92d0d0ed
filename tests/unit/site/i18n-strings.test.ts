import { describe, expect, it } from 'vitest';
import { formatText, textParts } from '../../../src/i18n/format.ts';
import { BUILT_IN_TABLES, UI_KEYS, builtInTable, stringsFor } from '../../../src/i18n/tables.ts';

describe('interface string tables', () => {
  it('ships tables for en, de, fr, es, ja, zh-Hans, pt-BR and ar', () => {
    expect(Object.keys(BUILT_IN_TABLES).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'ja', 'pt-BR', 'zh-Hans']);
  });

  it.each(Object.entries(BUILT_IN_TABLES))('%s has every key of the English table, no other, none empty', (_, table) => {
    expect(Object.keys(table).sort()).toEqual([...UI_KEYS].sort());
    for (const key of UI_KEYS) expect(table[key].trim(), key).not.toBe('');
  });

  it.each(Object.entries(BUILT_IN_TABLES))('%s keeps the English placeholders of every string', (_, table) => {
    const marks = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const key of UI_KEYS) expect(marks(table[key]), key).toEqual(marks(BUILT_IN_TABLES['en']![key]));
  });

  it('a locale without a table of its own reads the closest one, else English', () => {
    expect(builtInTable('de-AT')['search.button']).toBe(BUILT_IN_TABLES['de']!['search.button']);
    expect(builtInTable('zh-CN')).toBe(BUILT_IN_TABLES['zh-Hans']);
    expect(builtInTable('pt')).toBe(BUILT_IN_TABLES['pt-BR']);
    expect(builtInTable('sv')).toBe(BUILT_IN_TABLES['en']);
  });

  it("a site's own texts replace the built-in ones, key by key", () => {
    const strings = stringsFor('de', { 'search.button': 'Finden' });
    expect(strings['search.button']).toBe('Finden');
    expect(strings['nav.next']).toBe('Weiter');
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(formatText('{count} results for {query}', { count: 3 })).toBe('3 results for {query}');
  });

  it('cuts a string at the marks a template fills with markup', () => {
    expect(textParts('{operation} is new in 2.0.')).toEqual([{ mark: 'operation' }, ' is new in 2.0.']);
    expect(textParts('{operation} ({version}); was {previousOperation}')).toEqual([{ mark: 'operation' }, ' (', { mark: 'version' }, '); was ', { mark: 'previousOperation' }]);
    expect(textParts('no marks')).toEqual(['no marks']);
  });
});
