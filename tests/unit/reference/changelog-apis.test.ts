import { describe, expect, it } from 'vitest';
import { changelogSlug, comparedApis } from '../../../src/reference/changelog.ts';

describe('where an API changelog lives', () => {
  it('keeps a single description\'s URL: two segments below the reference', () => {
    expect(changelogSlug('1.2')).toBe('reference/changes/1.2');
    expect(changelogSlug('1.2', '')).toBe('reference/changes/1.2');
  });

  it('puts one of several APIs\' changelog below that API\'s overview', () => {
    expect(changelogSlug('1.0', 'payments')).toBe('reference/payments/changes/1.0');
  });
});

describe('which APIs of a version get a changelog', () => {
  it('every API present in both versions, by id, in the current version\'s order', () => {
    expect(comparedApis(['store', 'admin', 'events'], ['events', 'store'])).toEqual(['store', 'events']);
  });

  it('a single description against a single description', () => {
    expect(comparedApis([''], [''])).toEqual(['']);
  });

  it('none across a move from a single description to several APIs, or back', () => {
    expect(comparedApis(['store', 'admin'], [''])).toEqual([]);
    expect(comparedApis([''], ['store'])).toEqual([]);
  });

  it('none when the previous version has no description', () => {
    expect(comparedApis(['store'], [])).toEqual([]);
  });
});
