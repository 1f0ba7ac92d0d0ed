/**
 * The exchanges of the "Get a token" panel with the provider: a token endpoint's POST (past the
 * sandbox's service worker), the wait for a popup's callback, the device code's pauses, and the
 * end of a sign-in that went to the provider in this tab (loaded alone when the reader comes
 * back, without the panel). The panel's texts in the page's language, its English in this chunk.
 */
import { acceptCallback, CALLBACK_MESSAGE, codeTokenRequest, readTokenResponse, type ObtainedToken, type TokenRequest } from './oauth.ts';
import { uiText } from '../client/ui-text.ts';
import type { UiKey } from '../i18n/strings/en.ts';
import { enOAuth } from '../i18n/strings/en-oauth.ts';
import { clearOAuthRedirect, savedOAuthPending, savedOAuthResult } from './storage.ts';

/** Sends a request past the sandbox's service worker, to the provider. */
export type SendToProvider = (request: Request) => Promise<Response>;

/** The panel's text for `key` in the page's language; its English is part of this chunk. */
export const say = (key: UiKey, values?: Readonly<Record<string, string | number>>): string => uiText(key, values, enOAuth);

/** How long a popup sign-in may take before the console stops waiting. */
const POPUP_WAIT_MS = 5 * 60_000;

export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('cancelled'));
    }, { once: true });
  });

export async function post(send: SendToProvider, request: TokenRequest): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await send(new Request(request.url, { method: 'POST', headers: request.headers, body: request.body }));
  } catch (error) {
    throw new Error(`${new URL(request.url).host} did not answer (${(error as Error).message}): it may be down, or not allow calls from this site (CORS)`);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: {} };
  }
}

/** Waits for the callback page in `popup` to post this sign-in's answer (origin, source and `state` checked). */
export function waitForCallback(popup: Window, state: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const done = (finish: () => void) => {
      removeEventListener('message', listen);
      clearInterval(watch);
      clearTimeout(timeout);
      finish();
    };
    const listen = (event: MessageEvent) => {
      if (event.source !== popup) return;
      const answer = acceptCallback({ origin: event.origin, data: event.data }, { origin: location.origin, state });
      if (!answer) return;
      done(() => ('code' in answer ? resolve(answer.code) : reject(new Error(`the provider answered ${answer.error}`))));
    };
    addEventListener('message', listen);
    const watch = setInterval(() => {
      if (popup.closed) done(() => reject(new Error(say('oauth.popupClosed'))));
    }, 500);
    const timeout = setTimeout(() => done(() => reject(new Error(say('oauth.popupTimeout')))), POPUP_WAIT_MS);
  });
}

/**
 * Finishes a sign-in that went to the provider in this tab: the callback page left the code (its
 * `state` checked against the one saved before leaving); exchanges it and hands the token over.
 */
export async function finishRedirect(options: { scheme: string; send: SendToProvider; onToken: (token: ObtainedToken) => void }, report: (text: string) => void): Promise<void> {
  const pending = savedOAuthPending();
  if (!pending || pending.scheme !== options.scheme) return;
  const stored = savedOAuthResult();
  clearOAuthRedirect();
  // The same check as a popup's message: this tab's own sign-in, its `state`.
  const result = acceptCallback({ origin: location.origin, data: { ...stored, type: CALLBACK_MESSAGE } }, { origin: location.origin, state: pending.state });
  if (!result) {
    report(say('oauth.stateDiffers'));
    return;
  }
  if (!('code' in result)) {
    report(say('oauth.providerRefused', { error: result.error }));
    return;
  }
  try {
    const answer = await post(options.send, codeTokenRequest({ tokenUrl: pending.tokenUrl, clientId: pending.clientId, code: result.code, redirectUri: pending.redirectUri, verifier: pending.verifier }));
    const token = readTokenResponse(answer.status, answer.body);
    options.onToken(token);
    report(say('oauth.signedIn'));
  } catch (error) {
    report(say('oauth.noToken', { message: (error as Error).message }));
  }
}
