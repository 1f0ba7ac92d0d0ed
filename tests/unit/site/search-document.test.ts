import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { close, createIndex } from 'pagefind';
import { afterAll, describe, expect, it } from 'vitest';
import { documentLanguage, marksIndexedPart, pagefindDocument } from '../../../src/integration/search-document.ts';

const HEAD = '<head><meta charset="utf-8"><title>Cargo · Docs</title><meta name="docsearch:version" content="2.0" data-pagefind-filter="version[content]"></head>';
const SIDEBAR = '<nav><a href="/2.0/a/">Alpha</a><a href="/2.0/b/">Beta sidebar words</a></nav>';
const page = (article: string, around = SIDEBAR) => `<!doctype html><html lang="en">${HEAD}<body>${around}<main><article data-pagefind-body>${article}</article></main><footer>Footer words</footer></body></html>`;

const PAGES: Record<string, string> = {
  '2.0/plain/index.html': page('<h1 data-pagefind-meta="title">Plain</h1><p>Camels carry salt.</p>'),
  // Nested elements of the body's own name, and text that only looks like its end tag.
  '2.0/nested/index.html': page('<h1>Nested</h1><article><p>Inner caravan</p></article><!-- </article> --><script type="application/json">{"x":"</article>"}</script><p>Outer oasis</p>'),
  '2.0/ignored/index.html': page('<h1>Ignored</h1><div data-pagefind-ignore>Hidden dunes</div><table><caption>Parameters</caption><thead><tr><th>Name</th></tr></thead><tbody><tr><td>cargoId</td></tr></tbody></table>'),
  '2.0/quoted/index.html': page('<h1 title="a > b">Quoted</h1><p data-note="x > y">Spice market</p>'),
  '404.html': '<!doctype html><html lang="en"><head><title>Not found</title></head><body><main><h1>Not found</h1></main></body></html>',
};

const created: string[] = [];
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

function indexFiles(folder: string): Map<string, Buffer> {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(files.map((entry) => [relative(folder, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name))]));
}

describe('pagefindDocument (what Pagefind is given of a page)', () => {
  it('keeps the body element, the html tag, the title and the filter metas, and leaves out the rest', () => {
    const document = pagefindDocument(PAGES['2.0/nested/index.html']!);
    expect(document).toBe(`<!doctype html><html lang="en"><head><title>Cargo · Docs</title><meta name="docsearch:version" content="2.0" data-pagefind-filter="version[content]"></head><body><article data-pagefind-body><h1>Nested</h1><article><p>Inner caravan</p></article><!-- </article> --><script type="application/json">{"x":"</article>"}</script><p>Outer oasis</p></article></body></html>`);
    expect(pagefindDocument(PAGES['2.0/plain/index.html']!)).not.toMatch(/Beta sidebar|Footer words/);
  });

  it('gives the page whole when it cannot be cut safely', () => {
    const unsafe = [
      PAGES['404.html']!,
      page('<p>One</p>').replace('<footer>', '<section data-pagefind-body>Two</section><footer>'),
      page('<p>Filtered outside</p>', '<span data-pagefind-filter="kind">guide</span>'),
      page('<p>Meta outside</p>', '<span hidden data-pagefind-meta="kind:Guide"></span>'),
      page('<p>Never closed</p>').replace('</article>', ''),
    ];
    for (const html of unsafe) expect(pagefindDocument(html)).toBe(html);
  });

  // The search index's digest reads the cut: it must hold everything Pagefind reads of a page.
  it('gives Pagefind what it needs: the index of the cut pages is byte-identical to the whole pages’ index', async () => {
    const out = mkdtempSync(join(tmpdir(), 'caravan-search-document-'));
    created.push(out);
    const write = async (folder: string, document: (html: string) => string) => {
      const { index } = await createIndex({ excludeSelectors: ['caption', 'thead'] });
      for (const path of Object.keys(PAGES).sort()) await index!.addHTMLFile({ sourcePath: path, content: document(PAGES[path]!) });
      await index!.writeFiles({ outputPath: join(out, folder) });
    };
    await write('cut-pages-index', pagefindDocument);
    await write('whole-pages-index', (html) => html);
    await close();
    expect(readdirSync(join(out, 'cut-pages-index/fragment'))).toHaveLength(4);
    expect(indexFiles(join(out, 'cut-pages-index'))).toEqual(indexFiles(join(out, 'whole-pages-index')));
  });
});

describe('marksIndexedPart (once one page marks its body, Pagefind leaves out every page that does not)', () => {
  it('counts a start tag holding the attribute, wherever it is, and never text that only names it', () => {
    expect(marksIndexedPart(PAGES['2.0/plain/index.html']!)).toBe(true);
    expect(marksIndexedPart(PAGES['404.html']!)).toBe(false);
    // Named in text first (a guide about search), then on a tag further on.
    expect(marksIndexedPart('<p>Set data-pagefind-body on the article.</p><code>&lt;main data-pagefind-body&gt;</code><main class="x" data-pagefind-body>Text</main>')).toBe(true);
    expect(marksIndexedPart('<p>Set data-pagefind-body on the article.</p><code>&lt;main data-pagefind-body&gt;</code>')).toBe(false);
    expect(marksIndexedPart('data-pagefind-body at the very start, then <p>no tag</p>')).toBe(false);
    expect(marksIndexedPart('<p data-pagefind-bodyguard>a longer attribute</p>')).toBe(false);
    expect(marksIndexedPart('<DIV\n  DATA-PAGEFIND-BODY>upper case</DIV>')).toBe(true);
  });

  // Pages are read as Latin-1 for the digest (search-index.ts): one character per byte, the cut the same.
  it('cuts a page read as Latin-1 at the same bytes as the page read as UTF-8', () => {
    const html = page('<h1>Ünïcödé · 日本語 · emoji 🐪</h1><p>Caf\u00e9\u00a0au lait</p>');
    const latin1 = Buffer.from(html, 'utf8').toString('latin1');
    expect(Buffer.from(pagefindDocument(latin1), 'latin1')).toEqual(Buffer.from(pagefindDocument(html), 'utf8'));
    expect(marksIndexedPart(latin1)).toBe(true);
  });

  // HTML separates attributes with ASCII whitespace only; a no-break space inside a tag is part of a name or value.
  it('reads a tag the same as Latin-1 and as UTF-8 when it holds non-ASCII whitespace or letters', () => {
    const tagged = [
      '<!doctype html><html lang="en"><body><nav>m</nav><main\u00a0data-pagefind-body>x</main></body></html>',
      '<!doctype html><html lang="en"><body><main x=à`y data-pagefind-body>x</main></body></html>',
      '<!doctype html><html lang="en"><body><main data-pagefind-body\u00a0class="x">x</main></body></html>',
      '<!doctype html><html lang="en"><body><p title=voilàdata-pagefind-body>x</p></body></html>',
      page('<p>Body</p>').replace('<footer>', '<footer\u3000data-pagefind-filter="x">'),
      page('<h1>Title</h1>').replace('</title>', '</title\u00a0>'),
    ];
    for (const html of tagged) {
      const latin1 = Buffer.from(html, 'utf8').toString('latin1');
      expect(Buffer.from(pagefindDocument(latin1), 'latin1'), html).toEqual(Buffer.from(pagefindDocument(html), 'utf8'));
      expect(marksIndexedPart(latin1), html).toBe(marksIndexedPart(html));
    }
  });
});

describe('documentLanguage (the language a page is indexed under)', () => {
  const latin1 = (html: string) => Buffer.from(html, 'utf8').toString('latin1');
  it('is the <html> tag\'s lang, lower case, decoded from a Latin-1 reading as the UTF-8 it is', () => {
    expect(documentLanguage(latin1('<html lang="pt-BR"><head>'))).toBe('pt-br');
    expect(documentLanguage(latin1("<html dir=rtl\nlang='AR'>"))).toBe('ar');
    expect(documentLanguage(latin1('<html lang=fr\u00a0dir=ltr>'))).toBe('fr\u00a0dir=ltr');
    expect(documentLanguage(latin1('<html lang="Ünï">'))).toBe('ünï');
    expect(documentLanguage(latin1('<html><body lang="de">'))).toBe('');
  });
});
