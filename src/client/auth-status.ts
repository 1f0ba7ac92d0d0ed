// Sign-in state in the header: the reader's name from /api/auth/reader (pages are the same for
// every reader with the same roles), and a CSRF token fetched just before signing out.

export function startAuthStatus(status: HTMLElement): void {
  const base = status.dataset.base ?? '/';
  const signOut = status.querySelector<HTMLFormElement>('[data-sign-out]');
  if (!signOut) return;

  // Static pages are rendered signed out; their sidebar lacks the reader's gated entries.
  const wasSignedOut = status.querySelector('[data-sign-in]') !== null;
  fetch(`${base}api/auth/reader`, { credentials: 'same-origin' })
    .then((response) => (response.ok ? response.json() : null))
    .then((reader: { name: string } | null) => {
      if (!reader) return;
      let name = status.querySelector<HTMLElement>('[data-auth-reader]');
      if (!name) {
        // The name links to the account page (agent tokens for the MCP server).
        const link = document.createElement('a');
        link.href = `${base}account`;
        link.title = status.dataset.accountLabel ?? '';
        name = link;
        name.className = 'auth-reader';
        name.dataset.authReader = '';
        status.querySelector('[data-sign-in]')?.replaceWith(name);
      }
      name.textContent = reader.name;
      signOut.hidden = false;
      if (wasSignedOut) void showReaderSidebar(base);
    })
    .catch(() => {});

  signOut.addEventListener('submit', async (event) => {
    const field = signOut.querySelector<HTMLInputElement>('input[name="csrfToken"]')!;
    if (field.value) return;
    event.preventDefault();
    const response = await fetch(`${base}api/auth/csrf`, { credentials: 'same-origin' });
    field.value = ((await response.json()) as { csrfToken: string }).csrfToken;
    signOut.submit();
  });
}

/** Replaces a static page's sidebar with the signed-in reader's own (gated entries included). */
async function showReaderSidebar(base: string): Promise<void> {
  const sidebar = document.querySelector<HTMLElement>('#sidebar');
  if (!sidebar) return;
  const response = await fetch(`${base}api/sidebar${location.pathname.slice(base.length - 1)}`, { credentials: 'same-origin' });
  if (response.status !== 200) return;
  const own = new DOMParser().parseFromString(await response.text(), 'text/html').querySelector('#sidebar');
  if (!own) return;
  // Keep the element (the menu button holds it); take the reader's entries, and stop any swap to the public tree.
  sidebar.replaceChildren(...own.childNodes);
  delete sidebar.dataset.fullNav;
  sidebar.dataset.readerSidebar = '';
}
