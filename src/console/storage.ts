/** The console's per-tab memory (sessionStorage): credentials, chosen alternatives, inputs, captured variables. Never the URL. */
import type { ConsoleInputs } from './request.ts';

const PREFIX = 'caravan-docs:console:';

function read<T>(key: string): T | undefined {
  try {
    const text = sessionStorage.getItem(PREFIX + key);
    return text === null ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage disabled or full: the console still works for this page.
  }
}

/**
 * Credentials are remembered per security scheme and per default credential, so consoles that
 * start from the same sandbox credential share what the reader typed, and a console whose
 * operation needs another one (a partner's, say) keeps its own.
 */
const credentialKey = (scheme: string, fallback: string) => `credential:${scheme}:${fallback}`;

/** The remembered credential, else `fallback`. */
export function savedCredential(scheme: string, fallback: string): string {
  return read<string>(credentialKey(scheme, fallback)) ?? fallback;
}

export function saveCredential(scheme: string, fallback: string, value: string): void {
  write(credentialKey(scheme, fallback), value);
}

/** The security alternative last chosen in a console (its schemes' keys), where the operation has several. */
export function savedAlternative(key: string): string | undefined {
  return read<string>(`alternative:${key}`);
}

export function saveAlternative(key: string, alternative: string): void {
  write(`alternative:${key}`, alternative);
}

export function savedInputs(key: string): ConsoleInputs | undefined {
  const inputs = read<ConsoleInputs>(`inputs:${key}`);
  return inputs && typeof inputs.bodyText === 'string' && typeof inputs.params === 'object' ? inputs : undefined;
}

export function saveInputs(key: string, inputs: ConsoleInputs): void {
  write(`inputs:${key}`, inputs);
}

export function savedVariables(): Record<string, string> {
  return read<Record<string, string>>('variables') ?? {};
}

export function saveVariables(variables: Record<string, string>): void {
  write('variables', variables);
}

/** Whether code samples call the local sandbox (`npm run sandbox`) rather than the API's host. */
export function savedSampleTarget(): 'api' | 'local' {
  return read<string>('sample-target') === 'local' ? 'local' : 'api';
}

export function saveSampleTarget(target: 'api' | 'local'): void {
  write('sample-target', target);
}

/** Where Send goes on sites that allow the real API: the sandbox unless the reader chose otherwise in this tab. */
export function savedSendTarget(): 'sandbox' | 'real' {
  return read<string>('send-target') === 'real' ? 'real' : 'sandbox';
}

export function saveSendTarget(target: 'sandbox' | 'real'): void {
  write('send-target', target);
}

/**
 * A sign-in that left the tab for the provider (the authorization code in "this tab" mode): what
 * the token request needs when the reader comes back. `oauth-result` is written by the callback
 * page (public/oauth-callback.js), which reads `oauth-pending` too: keep these key names.
 */
export interface OAuthPending {
  scheme: string;
  state: string;
  verifier: string;
  tokenUrl: string;
  clientId: string;
  redirectUri: string;
  /** The page to come back to (the callback page goes there only on this origin). */
  returnTo: string;
}

export function saveOAuthPending(pending: OAuthPending): void {
  write('oauth-pending', pending);
}

export function savedOAuthPending(): OAuthPending | undefined {
  return read<OAuthPending>('oauth-pending');
}

/** The callback page's record of the provider's answer: `{ state, code }` or `{ state, error, errorDescription }`. */
export function savedOAuthResult(): Record<string, unknown> | undefined {
  return read<Record<string, unknown>>('oauth-result');
}

/** The scheme of the sign-in the tab came back from with the provider's answer, for its console to finish. */
export function oauthRedirectScheme(): string | undefined {
  return savedOAuthResult() === undefined ? undefined : savedOAuthPending()?.scheme;
}

export function clearOAuthRedirect(): void {
  try {
    sessionStorage.removeItem(`${PREFIX}oauth-pending`);
    sessionStorage.removeItem(`${PREFIX}oauth-result`);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

/** The client id a reader typed for a scheme (not a secret; client secrets are never stored). */
export function savedOAuthClientId(scheme: string): string {
  return read<string>(`oauth-client:${scheme}`) ?? '';
}

export function saveOAuthClientId(scheme: string, clientId: string): void {
  write(`oauth-client:${scheme}`, clientId);
}
