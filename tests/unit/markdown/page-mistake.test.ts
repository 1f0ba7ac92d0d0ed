import { AstroError } from 'astro/errors';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { markdownMistake, withoutFrontMatter } from '../../../src/markdown/page-mistake.ts';

describe('markdownMistake (a page whose rendering failed while content loaded)', () => {
  const root = mkdtempSync(join(tmpdir(), 'caravan-page-mistake-'));
  mkdirSync(join(root, 'content/1.0'), { recursive: true });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('names the directive mistake with the file and its line counted from the top of the file', async () => {
    const file = join(root, 'content/1.0/overview.md');
    writeFileSync(file, '---\ntitle: Overview\n---\n\nIntro.\n\n:::notee\nA note.\n:::\n');
    const error = await markdownMistake(file, root);
    expect(error).toBeInstanceOf(AstroError);
    expect(error.message).toContain('content/1.0/overview.md:7: unknown directive `:::notee`.');
    expect(error.hint).toContain('did you mean `:::note`?');
    expect((error as AstroError & { loc?: unknown }).loc).toEqual({ file, line: 7, column: 1 });
    expect(error.stack).toBe('');
  });

  it('without a directive mistake, still names the file', async () => {
    const file = join(root, 'content/1.0/fine.md');
    writeFileSync(file, '---\ntitle: Fine\n---\n\nAll good.\n');
    const error = await markdownMistake(file, root);
    expect(error.message).toContain('content/1.0/fine.md: this page could not be rendered');
  });

  it('blanks the front matter line for line and leaves a page without one alone', () => {
    expect(withoutFrontMatter('---\na: 1\nb: 2\n---\n\nText')).toBe('\n\n\n\n\nText');
    expect(withoutFrontMatter('Text\n---\nmore')).toBe('Text\n---\nmore');
  });
});
