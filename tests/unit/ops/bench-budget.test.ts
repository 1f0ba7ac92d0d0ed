import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cssWeight } from '../../../bench/js-weight.ts';
import { countOperations, trimmed } from '../../../bench/reference-site.ts';

describe('budget bench helpers', () => {
  it('trims a description to its first operations and keeps the paths asked for', () => {
    const op = { responses: {} };
    const document = { openapi: '3.1.0', paths: { '/a': { get: op, post: op }, '/b': { get: op }, '/c': { get: op }, '/issues': { post: op, summary: 'x' } } };
    const part = trimmed(document, 3, ['/issues']);
    expect(Object.keys(part.paths!)).toEqual(['/issues', '/a']);
    expect(countOperations(part)).toBe(3);
    expect(Object.keys(trimmed(document, 2).paths!)).toEqual(['/a']);
  });

  it('weighs a page\'s CSS: inline style blocks and linked stylesheets, gzip', () => {
    const out = mkdtempSync(join(tmpdir(), 'caravan-css-weight-'));
    try {
      mkdirSync(join(out, '_astro'));
      const linked = 'body{margin:0}'.repeat(50);
      writeFileSync(join(out, '_astro/site.css'), linked);
      writeFileSync(join(out, 'index.html'), '<html><head><style>a{color:red}</style><link rel="stylesheet" href="/_astro/site.css"></head></html>');
      expect(cssWeight(join(out, 'index.html'), out)).toBe(gzipSync('a{color:red}').length + gzipSync(linked).length);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
