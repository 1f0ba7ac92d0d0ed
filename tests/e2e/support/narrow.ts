import type { Page } from '@playwright/test';

/**
 * What keeps a page from reading well by keyboard at the current width (issue 40), one line each:
 * a box in the page's main part that scrolls (overflow auto or scroll, content wider or taller
 * than the box by more than a rounding pixel) but is no tab stop or has no name, and a table or
 * code block that is a tab stop though nothing in it scrolls. Stricter than axe's
 * scrollable-region-focusable, which lets 13 px overflow pass and any link inside stand in for the box.
 * Boxes the console writes (its response and samples) keep their tab stop always and are skipped.
 */
export async function scrollRegionProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const nameOf = (box: HTMLElement): string => {
      const labelledBy = box.getAttribute('aria-labelledby');
      const caption = box instanceof HTMLTableElement ? box.caption?.textContent : undefined;
      return (box.getAttribute('aria-label') ?? (labelledBy ? document.getElementById(labelledBy)?.textContent : undefined) ?? caption ?? '').trim();
    };
    const where = (box: HTMLElement) => `<${box.tagName.toLowerCase()}${box.className ? ` class="${box.className}"` : ''}> "${(box.textContent ?? '').trim().slice(0, 40)}"`;
    for (const box of document.querySelectorAll<HTMLElement>('main *')) {
      if (box.closest('[data-try-it]') || !box.checkVisibility()) continue;
      const style = getComputedStyle(box);
      const scrolls = /auto|scroll/.test(`${style.overflowX} ${style.overflowY}`) && (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1);
      if (scrolls && box.tabIndex < 0) problems.push(`scrolls, but no tab stop: ${where(box)}`);
      else if (scrolls && !nameOf(box)) problems.push(`scrolls, but has no name: ${where(box)}`);
      else if (!scrolls && box.matches('table, pre') && box.getAttribute('tabindex') === '0') problems.push(`a tab stop, but nothing scrolls: ${where(box)}`);
    }
    return problems;
  });
}

/**
 * Links among the text of a block (a sentence, a list item, a cell) that are told apart from it by
 * colour alone: no underline. Links that stand alone (display block, or alone in their block: a
 * menu, a card, a button-like action) are not in text and need no underline.
 */
export async function linksByColourAlone(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      const style = getComputedStyle(link);
      if (style.display !== 'inline' || !link.checkVisibility() || style.textDecorationLine.includes('underline')) continue;
      let block = link.parentElement!;
      while (getComputedStyle(block).display.startsWith('inline')) block = block.parentElement!;
      const around = (block.textContent ?? '').replace(link.textContent ?? '', '').trim();
      if (around) found.push(`"${(link.textContent ?? '').trim().slice(0, 40)}" in <${block.tagName.toLowerCase()}${block.className ? ` class="${block.className}"` : ''}>`);
    }
    return found;
  });
}
