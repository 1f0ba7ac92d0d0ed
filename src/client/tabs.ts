// Tabs on docs pages (markup from src/markdown/components.ts). Loaded only on pages with tabs.
// Groups with the same `data-sync` key switch together, and the choice is remembered.

const STORAGE_PREFIX = 'caravan-docs:tabs:';
const groups = [...document.querySelectorAll<HTMLElement>('.tabs')];
const tabsOf = (group: HTMLElement) => [...group.querySelectorAll<HTMLButtonElement>(':scope > .tablist > [role="tab"]')];
const panelsOf = (group: HTMLElement) => [...group.querySelectorAll<HTMLElement>(':scope > .tab-panel')];
const labelOf = (tab: HTMLElement) => tab.textContent?.trim() ?? '';

function select(group: HTMLElement, index: number): void {
  const panels = panelsOf(group);
  tabsOf(group).forEach((tab, at) => {
    tab.setAttribute('aria-selected', String(at === index));
    tab.tabIndex = at === index ? 0 : -1;
    panels[at]!.hidden = at !== index;
  });
}

function selectLabel(group: HTMLElement, label: string): void {
  const index = tabsOf(group).findIndex((tab) => labelOf(tab) === label);
  if (index >= 0) select(group, index);
}

function choose(group: HTMLElement, tab: HTMLButtonElement): void {
  const key = group.dataset.sync;
  const label = labelOf(tab);
  // Groups above may change height: keep the chosen tab where the reader sees it.
  const top = tab.getBoundingClientRect().top;
  for (const other of key ? groups.filter((candidate) => candidate.dataset.sync === key) : [group]) selectLabel(other, label);
  scrollBy(0, tab.getBoundingClientRect().top - top);
  if (!key) return;
  try {
    localStorage.setItem(STORAGE_PREFIX + key, label);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
}

groups.forEach((group) => {
  const tabs = tabsOf(group);
  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => choose(group, tab));
    tab.addEventListener('keydown', (event) => {
      const last = tabs.length - 1;
      const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      tabs[next]!.focus();
      choose(group, tabs[next]!);
    });
  });
  let stored: string | null = null;
  try {
    stored = group.dataset.sync ? localStorage.getItem(STORAGE_PREFIX + group.dataset.sync) : null;
  } catch {
    // As above: no storage, no remembered choice.
  }
  select(group, 0);
  if (stored) selectLabel(group, stored);
  group.classList.add('tabs-ready');
});
