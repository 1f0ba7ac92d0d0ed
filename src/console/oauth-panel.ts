/**
 * The console's "Get a token" panel for OAuth 2 and OpenID Connect schemes in real-API mode:
 * the declared flows (or the discovery document's), a client id, a client secret for client
 * credentials (memory only), the scopes (the operation's ticked), and the flow itself: the
 * authorization code with PKCE in a popup or in this tab, client credentials, or the device code
 * with polling (the exchanges with the provider are in oauth-signin.ts). Loaded by
 * oauth-details.ts with a dynamic import only when a reader opens the panel, so consoles that
 * never use it do not pay for it. The token goes to the scheme's credential input, which keeps
 * it in sessionStorage for the tab, as a typed token.
 */
import {
  callbackUrl,
  clientCredentialsRequest,
  codeTokenRequest,
  devicePollStep,
  deviceAuthorizationRequest,
  deviceTokenRequest,
  FLOW_LABEL_KEYS,
  flowsFromDiscovery,
  initialScopes,
  readDeviceStart,
  readTokenResponse,
  scopeChoices,
  startAuthorization,
  type ConsoleOAuth,
  type ConsoleOAuthFlow,
  type ObtainedToken,
} from './oauth.ts';
import { around, h } from './dom.ts';
import { post, say, sleep, waitForCallback, type SendToProvider } from './oauth-signin.ts';
import { saveOAuthPending, savedOAuthClientId, saveOAuthClientId, type OAuthPending } from './storage.ts';

export interface OAuthPanelOptions {
  oauth: ConsoleOAuth;
  /** The security scheme's key: a redirect back to the page is finished by the console of the same scheme. */
  scheme: string;
  /** Prefix of element ids (the console's id). */
  idPrefix: string;
  /** The site's base path (`/`, `/docs/`): the callback page lives under it. */
  base: string;
  send: SendToProvider;
  onToken: (token: ObtainedToken) => void;
}

export class OAuthPanel {
  readonly options: OAuthPanelOptions;
  readonly root = h('div', { class: 'try-it-oauth-panel' });
  readonly status = h('p', { class: 'try-it-hint', role: 'status', 'aria-live': 'polite' });
  flows: ConsoleOAuthFlow[] = [];
  flowPicker?: HTMLSelectElement;
  clientId!: HTMLInputElement;
  /** Client credentials only; never stored. */
  clientSecret?: HTMLInputElement;
  scopeBoxes: HTMLInputElement[] = [];
  opener?: HTMLSelectElement;
  device = h('div', { class: 'try-it-oauth-device' });
  start!: HTMLButtonElement;
  running?: AbortController;
  form = h('div', {});

  constructor(options: OAuthPanelOptions) {
    this.options = options;
    this.root.append(this.form, this.device, this.status);
  }

  get openIdConnect(): boolean {
    return this.options.oauth.discoveryUrl !== undefined;
  }

  /** Shows the flows: the declared ones, or the discovery document's (read now). */
  async mount(): Promise<void> {
    const { oauth } = this.options;
    this.flows = oauth.flows;
    if (oauth.discoveryUrl) {
      this.status.textContent = say('oauth.readingDiscovery');
      try {
        const response = await this.options.send(new Request(oauth.discoveryUrl, { headers: { Accept: 'application/json' } }));
        if (!response.ok) throw new Error(`it answered ${response.status}`);
        this.flows = flowsFromDiscovery(await response.json(), oauth.discoveryUrl);
      } catch (error) {
        this.status.textContent = say('oauth.discoveryFailed', { url: oauth.discoveryUrl, message: (error as Error).message });
        return;
      }
      this.status.textContent = '';
    }
    if (this.flows.length === 0) {
      this.status.textContent = say('oauth.noFlow');
      return;
    }
    this.render();
  }

  flow(): ConsoleOAuthFlow {
    return this.flows.find((entry) => entry.flow === this.flowPicker?.value) ?? this.flows[0]!;
  }

  render(): void {
    const { idPrefix } = this.options;
    const fields: HTMLElement[] = [];
    if (this.flows.length > 1) {
      this.flowPicker = h('select', { id: `${idPrefix}-oauth-flow` });
      this.flowPicker.append(...this.flows.map((entry) => h('option', { value: entry.flow }, say(FLOW_LABEL_KEYS[entry.flow]))));
      this.flowPicker.addEventListener('change', () => this.renderFlow());
      fields.push(h('div', { class: 'try-it-field' }, h('label', { for: this.flowPicker.id }, say('oauth.flow')), this.flowPicker));
    }
    this.clientId = h('input', { id: `${idPrefix}-oauth-client`, type: 'text', autocomplete: 'off', spellcheck: 'false' });
    this.clientId.value = savedOAuthClientId(this.options.scheme);
    this.clientId.addEventListener('input', () => saveOAuthClientId(this.options.scheme, this.clientId.value.trim()));
    fields.push(h('div', { class: 'try-it-field' }, h('label', { for: this.clientId.id }, say('oauth.clientId')), this.clientId));
    this.form.replaceChildren(...fields, h('div', { 'data-oauth-flow': '' }));
    this.renderFlow();
  }

  /** The parts that depend on the flow: secret, scopes, where the sign-in opens, the button. */
  renderFlow(): void {
    const { idPrefix, oauth, base } = this.options;
    const flow = this.flow();
    const parts: HTMLElement[] = [];
    // Another flow: a device code still polling stops.
    this.running?.abort();
    this.clientSecret = undefined;
    this.opener = undefined;
    if (this.flows.length === 1) parts.push(h('p', { class: 'try-it-hint' }, say('oauth.flowNamed', { name: say(FLOW_LABEL_KEYS[flow.flow]) })));
    if (flow.flow === 'clientCredentials') {
      this.clientSecret = h('input', { id: `${idPrefix}-oauth-secret`, type: 'password', autocomplete: 'off', 'aria-describedby': `${idPrefix}-oauth-secret-hint` });
      parts.push(
        h('div', { class: 'try-it-field' }, h('label', { for: this.clientSecret.id }, say('oauth.clientSecret')), this.clientSecret),
        h('p', { class: 'try-it-hint try-it-warning', id: `${idPrefix}-oauth-secret-hint` }, say('oauth.secretHint')),
      );
    }
    const required = oauth.scopes;
    const ticked = new Set(initialScopes(required, flow, this.openIdConnect));
    const choices = scopeChoices(ticked.has('openid') ? [...required, 'openid'] : required, flow);
    this.scopeBoxes = [];
    if (choices.length > 0) {
      const scopes = h('fieldset', { class: 'try-it-oauth-scopes' }, h('legend', {}, say('oauth.scopes')));
      choices.forEach(({ scope, description }, index) => {
        const box = h('input', { type: 'checkbox', id: `${idPrefix}-oauth-scope-${index}`, value: scope });
        box.checked = ticked.has(scope);
        this.scopeBoxes.push(box);
        scopes.append(h('div', { class: 'try-it-check' }, box, h('label', { for: box.id }, h('code', {}, scope), description ? ` ${description}` : '', required.includes(scope) ? say('oauth.thisOperation') : '')));
      });
      parts.push(scopes);
    }
    if (flow.flow === 'authorizationCode') {
      this.opener = h('select', { id: `${idPrefix}-oauth-opener` });
      this.opener.append(h('option', { value: 'popup' }, say('oauth.popup')), h('option', { value: 'redirect' }, say('oauth.thisTab')));
      parts.push(
        h('div', { class: 'try-it-field' }, h('label', { for: this.opener.id }, say('oauth.signInIn')), this.opener),
        h('p', { class: 'try-it-hint' }, ...around(say('oauth.redirectHint'), 'uri', h('code', {}, callbackUrl(location.origin, base)))),
      );
    }
    this.start = h('button', { type: 'button', class: 'try-it-oauth-start' }, say(flow.flow === 'deviceAuthorization' ? 'oauth.getCode' : flow.flow === 'clientCredentials' ? 'oauth.getToken' : 'oauth.signInAndGetToken'));
    this.start.addEventListener('click', () => this.run());
    parts.push(this.start);
    this.form.querySelector('[data-oauth-flow]')!.replaceChildren(...parts);
    this.device.replaceChildren();
  }

  scopes(): string[] {
    return this.scopeBoxes.filter((box) => box.checked).map((box) => box.value);
  }

  run(): void {
    const clientId = this.clientId.value.trim();
    if (clientId === '') {
      this.status.textContent = say('oauth.enterClientId');
      this.clientId.focus();
      return;
    }
    const flow = this.flow();
    // Opened in the click itself, or the browser blocks it; it loads the provider once the request is ready.
    const popup = flow.flow === 'authorizationCode' && this.opener?.value !== 'redirect' ? open('about:blank', 'caravan-docs-oauth', 'popup,width=520,height=700') : undefined;
    this.running?.abort();
    const running = new AbortController();
    this.running = running;
    this.start.disabled = true;
    const work =
      flow.flow === 'clientCredentials'
        ? this.clientCredentials(flow, clientId)
        : flow.flow === 'deviceAuthorization'
          ? this.deviceCode(flow, clientId, running.signal)
          : this.authorizationCode(flow, clientId, popup);
    work.then(
      (token) => token && this.finish(token),
      (error: unknown) => {
        popup?.close();
        if (!running.signal.aborted) this.status.textContent = say('oauth.noToken', { message: (error as Error).message });
      },
    ).finally(() => {
      this.start.disabled = false;
    });
  }

  finish(token: ObtainedToken): void {
    this.options.onToken(token);
    const validity = token.expiresIn ? say('oauth.validFor', { minutes: Math.round(token.expiresIn / 60) }) : '';
    this.status.textContent = say('oauth.gotToken', { validity, scopes: token.scope ? say('oauth.withScopes', { scopes: token.scope }) : '' });
    this.device.replaceChildren();
  }

  async authorizationCode(flow: ConsoleOAuthFlow, clientId: string, popup: Window | null | undefined): Promise<ObtainedToken | undefined> {
    const redirectUri = callbackUrl(location.origin, this.options.base);
    const started = await startAuthorization({ authorizationUrl: flow.authorizationUrl!, clientId, redirectUri, scopes: this.scopes(), openIdConnect: this.openIdConnect });
    if (popup === undefined) {
      const pending: OAuthPending = { scheme: this.options.scheme, state: started.state, verifier: started.verifier, tokenUrl: flow.tokenUrl, clientId, redirectUri, returnTo: location.href };
      saveOAuthPending(pending);
      this.status.textContent = say('oauth.goingToProvider');
      location.assign(started.url);
      return undefined;
    }
    if (popup === null) throw new Error(say('oauth.popupBlocked'));
    popup.location.href = started.url;
    this.status.textContent = say('oauth.waitingForPopup');
    const code = await waitForCallback(popup, started.state);
    this.status.textContent = say('oauth.exchangingCode');
    const answer = await post(this.options.send, codeTokenRequest({ tokenUrl: flow.tokenUrl, clientId, code, redirectUri, verifier: started.verifier }));
    return readTokenResponse(answer.status, answer.body);
  }

  async clientCredentials(flow: ConsoleOAuthFlow, clientId: string): Promise<ObtainedToken> {
    this.status.textContent = say('oauth.askingForToken');
    const answer = await post(this.options.send, clientCredentialsRequest({ tokenUrl: flow.tokenUrl, clientId, clientSecret: this.clientSecret?.value ?? '', scopes: this.scopes() }));
    return readTokenResponse(answer.status, answer.body);
  }

  async deviceCode(flow: ConsoleOAuthFlow, clientId: string, signal: AbortSignal): Promise<ObtainedToken> {
    this.status.textContent = say('oauth.askingForCode');
    const asked = await post(this.options.send, deviceAuthorizationRequest({ deviceAuthorizationUrl: flow.deviceAuthorizationUrl!, clientId, scopes: this.scopes() }));
    const started = readDeviceStart(asked.status, asked.body);
    const cancel = h('button', { type: 'button' }, say('oauth.cancel'));
    cancel.addEventListener('click', () => {
      this.running?.abort();
      this.device.replaceChildren();
      this.status.textContent = say('oauth.cancelled');
    });
    const link = started.verificationUriComplete ?? started.verificationUri;
    this.device.replaceChildren(
      h('p', {}, ...around(say('oauth.deviceInstructions'), 'link', h('a', { href: link, target: '_blank', rel: 'noopener noreferrer' }, started.verificationUri))),
      h('p', { class: 'try-it-oauth-user-code' }, h('code', { 'data-user-code': '' }, started.userCode)),
      cancel,
    );
    this.status.textContent = say('oauth.waitingForDevice', { minutes: Math.round(started.expiresInSeconds / 60) });
    let interval = started.intervalSeconds;
    const began = Date.now();
    for (;;) {
      await sleep(interval * 1000, signal);
      const answer = await post(this.options.send, deviceTokenRequest({ tokenUrl: flow.tokenUrl, clientId, deviceCode: started.deviceCode }));
      const step = devicePollStep(answer.status, answer.body, interval, (Date.now() - began) / 1000, started.expiresInSeconds);
      if (step.kind === 'token') return step.token;
      if (step.kind === 'stop') throw new Error(step.reason);
      interval = step.intervalSeconds;
    }
  }
}

/** Mounts the panel into `container`. */
export async function mountOAuthPanel(container: HTMLElement, options: OAuthPanelOptions): Promise<OAuthPanel> {
  const panel = new OAuthPanel(options);
  container.replaceChildren(panel.root);
  await panel.mount();
  return panel;
}
