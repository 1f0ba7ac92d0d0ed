// Sign-in state in the header: the reader's name from /api/auth/reader (pages are the same for
// every reader with the same roles), and a CSRF token fetched just before signing out.

export function startAuthStatus(status: HTMLElement): void {
  const base = status.dataset.base ?? '/';
  const signOut = status.querySelector<HTMLFormElement>('[data-sign-out]');
  if (!signOut) return;

  fetch(`${base}api/auth/reader`, { credentials: 'same-origin' })
    .then((response) => (response.ok ? response.json() : null))
    .then((reader: { name: string } | null) => {
      if (!reader) return;
      let name = status.querySelector<HTMLElement>('[data-auth-reader]');
      if (!name) {
        name = document.createElement('span');
        name.className = 'auth-reader';
        name.dataset.authReader = '';
        status.querySelector('[data-sign-in]')?.replaceWith(name);
      }
      name.textContent = reader.name;
      signOut.hidden = false;
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
