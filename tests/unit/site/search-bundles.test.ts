import { describe, expect, it } from 'vitest';
import { parseBundles, readersBundles, type Bundle } from '../../../src/client/search-bundles.ts';

const LISTED: Bundle[] = [
  { path: '', language: 'ar' },
  { path: 'bundle-1/', language: 'de' },
  { path: 'bundle-2/', language: 'en' },
  { path: 'bundle-3/', language: 'en' },
  { path: 'bundle-4/', language: 'pt' },
];

describe('readersBundles (which bundles a reader\'s search loads)', () => {
  it('loads the bundles of the page\'s language, whatever its case', () => {
    expect(readersBundles(LISTED, 'EN')).toEqual([LISTED[2], LISTED[3]]);
    expect(readersBundles(LISTED, 'de')).toEqual([LISTED[1]]);
  });

  it('falls back to the primary subtag, then to the language with the most bundles', () => {
    expect(readersBundles(LISTED, 'pt-BR')).toEqual([LISTED[4]]);
    expect(readersBundles(LISTED, 'fr')).toEqual([LISTED[2], LISTED[3]]);
    expect(readersBundles(LISTED, '')).toEqual([LISTED[2], LISTED[3]]);
  });

  it('loads the index folder itself when nothing is listed (a build before bundles)', () => {
    expect(readersBundles([], 'en')).toEqual([{ path: '', language: 'en' }]);
  });
});

describe('parseBundles (bundles.json as the client reads it)', () => {
  it('keeps the well-formed lines only: a bundle folder or the index folder, and a language', () => {
    expect(parseBundles({ bundles: LISTED })).toEqual(LISTED);
    expect(parseBundles({ bundles: [{ path: '../../api/', language: 'en' }, { path: 'bundle-1/', language: 3 }, null, 'bundle-2/', { path: 'bundle-2/', language: 'en' }] })).toEqual([{ path: 'bundle-2/', language: 'en' }]);
  });

  it('reads anything else as no list', () => {
    for (const document of [null, 'x', 42, {}, { bundles: 'x' }, { bundles: { path: '' } }]) expect(parseBundles(document)).toEqual([]);
  });
});
