import { describe, expect, it } from 'vitest';
import { searchableHtml } from '../../../src/integration/search-index.ts';

describe('searchableHtml (what Pagefind reads of a page)', () => {
  it('leaves table captions and header rows out, and ends every cell with a space', () => {
    const html = '<table><caption class="visually-hidden">Parameters</caption><thead><tr><th scope="col">Name</th><th>In</th></tr></thead><tbody><tr><td>caravanId</td><td>path</td></tr></tbody></table>';
    expect(searchableHtml(html)).toBe(
      '<table><caption data-pagefind-ignore class="visually-hidden">Parameters</caption><thead data-pagefind-ignore><tr><th scope="col">Name </th><th>In </th></tr></thead><tbody><tr><td>caravanId </td><td>path </td></tr></tbody></table>',
    );
  });

  it('leaves other elements whose names start the same alone', () => {
    expect(searchableHtml('<theader-x>a</theader-x><td-note>b</td-note>')).toBe('<theader-x>a</theader-x><td-note>b</td-note>');
  });
});
