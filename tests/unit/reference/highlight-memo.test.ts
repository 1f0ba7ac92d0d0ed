import { describe, expect, it } from 'vitest';
import { highlightKey, highlightMemo } from '../../../src/reference/highlight-memo.ts';

describe('the memo of highlighted code blocks', () => {
  it('gives a block back only for the same language and code, never another block\'s HTML', () => {
    const memo = highlightMemo(1000);
    memo.remember(highlightKey('json', '{"a": 1}'), '<pre>a</pre>');
    expect(memo.get(highlightKey('json', '{"a": 1}'))).toBe('<pre>a</pre>');
    expect(memo.get(highlightKey('json', '{"a": 2}'))).toBeUndefined();
    expect(memo.get(highlightKey('bash', '{"a": 1}'))).toBeUndefined();
    // The separator keeps a language from running into the code.
    expect(highlightKey('js', 'on x')).not.toBe(highlightKey('json', ' x'));
  });

  it('holds at most its budget of characters, letting the oldest blocks go first', () => {
    const memo = highlightMemo(50);
    const block = (n: number) => [highlightKey('json', `code ${n}`), `<pre>${n}</pre>`] as const;
    for (const n of [1, 2, 3]) memo.remember(...block(n));
    expect(memo.get(block(1)[0])).toBeUndefined();
    expect(memo.get(block(2)[0])).toBe('<pre>2</pre>');
    expect(memo.get(block(3)[0])).toBe('<pre>3</pre>');
    memo.remember(highlightKey('json', 'x'.repeat(50)), '<pre>too big</pre>');
    expect(memo.get(highlightKey('json', 'x'.repeat(50)))).toBeUndefined();
  });
});
