// The only script on documentation pages. Keep it small: every byte ships to every page.
// The copy buttons' and the open menu's styles: nothing they style exists before this script runs.
import siteCss from './site.css?inline';
import { watchScrollRegions } from './scroll-regions.ts';
import { track } from './track.ts';

// Not addStyles (add-styles.ts): importing it would chain one more chunk before every page's script runs.
const styles = document.createElement('style');
styles.textContent = siteCss;
document.head.append(styles);

const root = document.documentElement;

// Theme: an explicit choice is saved; otherwise the system preference applies (CSS handles that).
const themeButton = document.querySelector<HTMLButtonElement>('[data-theme-toggle]');
const isDark = () => (root.dataset.theme ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')) === 'dark';
const showTheme = () => themeButton?.setAttribute('aria-pressed', String(isDark()));
showTheme();
themeButton?.addEventListener('click', () => {
  root.dataset.theme = isDark() ? 'light' : 'dark';
  try {
    localStorage.setItem('theme', root.dataset.theme);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
  showTheme();
});

// Copy buttons on code blocks.
for (const pre of document.querySelectorAll<HTMLPreElement>('.content pre')) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy-button';
  // The page's language: Base.astro puts the texts on <body>.
  const { uiCopy = 'Copy', uiCopyLabel = 'Copy code to clipboard', uiCopied = 'Copied' } = document.body.dataset;
  button.textContent = uiCopy;
  button.setAttribute('aria-label', uiCopyLabel);
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(pre.querySelector('code')?.innerText ?? pre.innerText);
    track('copy', { page: location.pathname, language: pre.dataset.language ?? '' });
    button.textContent = uiCopied;
    setTimeout(() => (button.textContent = uiCopy), 1500);
  });
  // The button sits on the frame's top edge, outside the scrolling text, so it never covers a line.
  const frame = document.createElement('div');
  frame.className = 'code-frame';
  pre.replaceWith(frame);
  frame.append(pre, button);
}

// Wide tables and code blocks: a tab stop while they scroll (scroll-regions.ts).
watchScrollRegions();

// Analytics (a site that names a provider) and the feedback control: their code comes only with them.
if (document.getElementById('caravan-docs-analytics')) void import('./analytics.ts');
if (document.querySelector('[data-feedback]')) void import('./feedback.ts');

// Diagrams: their code (and Mermaid's) is fetched only by pages that hold one.
if (document.querySelector('figure[data-diagram]')) void import('./diagrams.ts');

// Phone-width menu: the sidebar becomes a panel toggled by the Menu button.
const menuButton = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
const sidebar = document.querySelector<HTMLElement>('#sidebar');
if (menuButton && sidebar) {
  const setMenu = (open: boolean) => {
    menuButton.setAttribute('aria-expanded', String(open));
    document.body.classList.toggle('menu-open', open);
  };
  menuButton.addEventListener('click', () => {
    const open = menuButton.getAttribute('aria-expanded') !== 'true';
    setMenu(open);
    if (open) sidebar.querySelector<HTMLElement>('a, summary')?.focus();
  });
  // The backdrop beside the open panel closes it, as does Escape.
  document.querySelector('[data-menu-backdrop]')?.addEventListener('click', () => setMenu(false));
  addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && document.body.classList.contains('menu-open')) {
      setMenu(false);
      menuButton.focus();
    }
  });
}

// Large sites ship a windowed sidebar; swap in the full tree (one cached file per version) when idle.
const fullNavUrl = sidebar?.dataset.fullNav;
if (sidebar && fullNavUrl) {
  const load = async () => {
    const html = await (await fetch(fullNavUrl)).text();
    const full = new DOMParser().parseFromString(html, 'text/html').querySelector('#sidebar > ul');
    if (!full) return;
    for (const details of full.querySelectorAll('details')) details.open = false;
    for (const link of full.querySelectorAll<HTMLAnchorElement>('a')) {
      if (link.pathname !== location.pathname) continue;
      link.setAttribute('aria-current', 'page');
      for (let node = link.parentElement; node && node !== full; node = node.parentElement) {
        if (node instanceof HTMLDetailsElement) node.open = true;
      }
    }
    sidebar.querySelector(':scope > ul')?.replaceWith(full);
    sidebar.querySelector('.all-pages')?.remove();
  };
  (window.requestIdleCallback ?? setTimeout)(() => void load().catch(() => {}));
}

// Search: the UI and the index load only when a reader opens search.
const dialog = document.querySelector<HTMLDialogElement>('.search-dialog');
const openSearch = async () => {
  if (!dialog) return;
  // The module brings the dialog's styles (src/client/search.css) and opens it.
  const { openSearchDialog } = await import('./search.ts');
  openSearchDialog(dialog);
};
document.querySelector('[data-search-open]')?.addEventListener('click', () => void openSearch());
addEventListener('keydown', (event) => {
  const typing = event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable]');
  if ((event.key === 'k' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !typing)) {
    event.preventDefault();
    void openSearch();
  }
});

// Sites with sign-in: who is signed in, and signing out (the module loads only there).
const authStatus = document.querySelector<HTMLElement>('[data-auth-status]');
if (authStatus) void import('./auth-status.ts').then(({ startAuthStatus }) => startAuthStatus(authStatus));
