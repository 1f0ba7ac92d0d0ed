/**
 * OAuth 2 / OpenID Connect in real-API mode: a folded "Get a token" panel under a scheme's
 * credential input, whose code (oauth-panel.ts) loads only when the reader opens it, or comes
 * back from the provider in this tab to finish a sign-in.
 */
import { bypass } from 'msw';
import { uiText } from '../client/ui-text.ts';
import { h } from './dom.ts';
import type { ConsoleCredential } from './spec.ts';
import { oauthRedirectScheme } from './storage.ts';

/** `credential.oauth` must be set; `onToken` gets the access token the reader obtained. */
export function oauthDetails(credential: ConsoleCredential, idPrefix: string, onToken: (token: string) => void): HTMLElement {
  const container = h('div', {});
  const details = h('details', { class: 'try-it-oauth' }, h('summary', {}, uiText('console.oauthOpen')), container);
  const options = () => ({
    oauth: credential.oauth!,
    scheme: credential.scheme,
    idPrefix,
    base: import.meta.env.BASE_URL,
    send: (request: Request) => fetch(bypass(request)),
    onToken: (token: { accessToken: string }) => onToken(token.accessToken),
  });
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    container.textContent = uiText('console.oauthLoading');
    void import('./oauth-panel.ts').then(
      (module) => module.mountOAuthPanel(container, options()),
      (error: unknown) => {
        loaded = false;
        container.textContent = uiText('console.oauthLoadFailed', { message: (error as Error).message });
      },
    );
  };
  details.addEventListener('toggle', () => {
    if (details.open) load();
  });
  if (oauthRedirectScheme() === credential.scheme) {
    // Back from the provider in this tab: finish that sign-in here.
    details.open = true;
    const report = h('p', { class: 'try-it-hint', role: 'status' });
    details.append(report);
    void import('./oauth-signin.ts').then((module) => module.finishRedirect(options(), (text) => (report.textContent = text)));
  }
  return details;
}
