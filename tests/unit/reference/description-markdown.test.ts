import { describe, expect, it } from 'vitest';
import { descriptionHtml, inlineMarkdownHtml, nestMarkdownHeadings } from '../../../src/reference/description-markdown.ts';

describe('description HTML', () => {
  it('renders GitHub alerts as labelled callouts, in any case, and leaves other quotes alone', () => {
    const html = descriptionHtml('Intro.\n\n> [!NOTE]\n> Useful **info**.\n\n> [!warning]\n> Careful.\n\n> [!TIP] not alone on its line\n\n> A quote.');
    expect(html).toBe(`<p>Intro.</p>
<aside class="callout callout-note" role="note">
<p class="callout-title">Note</p>
<p>Useful <strong>info</strong>.</p>
</aside>
<aside class="callout callout-warning" role="note">
<p class="callout-title">Warning</p>
<p>Careful.</p>
</aside>
<blockquote>
<p>[!TIP] not alone on its line</p>
</blockquote>
<blockquote>
<p>A quote.</p>
</blockquote>
`);
  });

  it('knows every alert kind, and an alert with only its marker still gets its label', () => {
    for (const [marker, label] of [['NOTE', 'Note'], ['TIP', 'Tip'], ['IMPORTANT', 'Important'], ['WARNING', 'Warning'], ['CAUTION', 'Caution']] as const) {
      expect(descriptionHtml(`> [!${marker}]\n> Text.`)).toBe(`<aside class="callout callout-${marker.toLowerCase()}" role="note">\n<p class="callout-title">${label}</p>\n<p>Text.</p>\n</aside>\n`);
    }
    expect(descriptionHtml('> [!IMPORTANT]')).toBe('<aside class="callout callout-important" role="note">\n<p class="callout-title">Important</p>\n\n</aside>\n');
  });

  it('nests headings under the place the text appears, closing gaps between levels', () => {
    const text = '# Top\n\n### Skipped a level\n\n## Middle';
    expect(descriptionHtml(text)).toBe('<h2>Top</h2>\n<h4>Skipped a level</h4>\n<h3>Middle</h3>\n');
    expect(descriptionHtml('## Only h2s\n\n## Again', { headingLevel: 4 })).toBe('<h4>Only h2s</h4>\n<h4>Again</h4>\n');
    expect(descriptionHtml('# a\n\n## b\n\n### c', { headingLevel: 5 })).toBe('<h5>a</h5>\n<h6>b</h6>\n<h6>c</h6>\n');
  });

  it('empty text is no HTML', () => {
    expect(descriptionHtml(undefined)).toBe('');
    expect(descriptionHtml('  \n')).toBe('');
  });
});

describe('inline Markdown for headings', () => {
  it('keeps code and emphasis, turns links and images into text, shows raw HTML as text, reads the first line only', () => {
    expect(inlineMarkdownHtml('Returns `Pet`, see [the docs](https://example.com) **now** <b>x</b> ![a chart](c.png)\nMore text.')).toBe(
      'Returns <code>Pet</code>, see the docs <strong>now</strong> &lt;b&gt;x&lt;/b&gt; a chart',
    );
    // Block markers at the start are text: the line is inline content.
    expect(inlineMarkdownHtml('# Not a heading `x`')).toBe('# Not a heading <code>x</code>');
    expect(inlineMarkdownHtml('> 0; ≤ 10.')).toBe('&gt; 0; ≤ 10.');
    expect(inlineMarkdownHtml('1. First')).toBe('1. First');
    expect(inlineMarkdownHtml('- item')).toBe('- item');
    expect(inlineMarkdownHtml('')).toBe('');
  });
});

describe('inline Markdown for sentences', () => {
  it('keeps links (their href only) when asked', () => {
    expect(inlineMarkdownHtml('One of: [Cat](/s/cat/ "A cat"); `string`.', { links: true })).toBe('One of: <a href="/s/cat/">Cat</a>; <code>string</code>.');
  });
});

describe('headings in Markdown sources', () => {
  it('renumbers ATX and setext headings as the HTML does, and leaves code, alerts and quotes as written', () => {
    const text = '# Top #\n\nText.\n\n```md\n# not a heading\n```\n\n> [!NOTE]\n> kept\n\nSetext over\ntwo lines\n------\n\n### Third';
    expect(nestMarkdownHeadings(text, 3)).toBe('### Top\n\nText.\n\n```md\n# not a heading\n```\n\n> [!NOTE]\n> kept\n\n#### Setext over two lines\n\n##### Third');
    expect(nestMarkdownHeadings('No headings.\n\n> [!TIP]\n> As is.')).toBe('No headings.\n\n> [!TIP]\n> As is.');
  });
});

describe('plain text takes a shortcut that renders exactly as Markdown would', () => {
  it('gives the same HTML as the Markdown renderer for text with no markup', async () => {
    const { markdownToHtml } = await import('satteri');
    for (const text of ['The pet.', 'Returns the user\'s repositories (public ones only).', 'Count: 10 items; sorted by "name".', '  Padded text.  ']) {
      expect(descriptionHtml(text)).toBe(markdownToHtml(text).html);
      expect(inlineMarkdownHtml(text)).toBe(markdownToHtml(text.trim()).html.trim().replace(/^<p>|<\/p>$/g, ''));
    }
  });
});
