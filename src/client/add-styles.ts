/**
 * Adds a stylesheet that arrives with a lazily loaded module (imported with `?inline`), once:
 * CSS a client script imports as a module Astro would put in every page's head instead.
 */
export function addStyles(css: string): void {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
}
