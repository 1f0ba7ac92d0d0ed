import { describe, expect, it } from 'vitest';
import { shownVersion } from '../../../src/model/version-name.ts';

describe('shownVersion', () => {
  it('puts a "v" before a number, never before a name', () => {
    expect(shownVersion('1.2')).toBe('v1.2');
    expect(shownVersion('2.0-beta')).toBe('v2.0-beta');
    expect(shownVersion('v1')).toBe('v1');
    expect(shownVersion('legacy')).toBe('legacy');
  });
});
