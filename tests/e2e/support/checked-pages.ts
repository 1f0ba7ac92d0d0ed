/**
 * The pages every accessibility check covers (issue 14): the landing page, a guide with consoles,
 * an operation page, the walkthrough (eight consoles), the 404 page and all-pages.
 * `consoles` says the page has API consoles, which mount after load: checks wait for them.
 */
export const CHECKED_PAGES = [
  { name: 'landing page', path: '', consoles: false },
  { name: 'guide', path: '1.2/guides/dispatch/', consoles: true },
  { name: 'operation page', path: '1.2/reference/add-cargo-lot/', consoles: true },
  { name: 'walkthrough', path: '1.2/guides/walkthrough/', consoles: true },
  { name: '404 page', path: 'no-such-page/', consoles: false },
  { name: 'all pages', path: '1.2/all-pages/', consoles: false },
] as const;

/** A console that has not mounted its form yet: checks wait until none is left. */
export const UNMOUNTED_CONSOLE = '[data-try-it]:not(:has(form))';
