/**
 * The API console in the browser: turns each `[data-try-it]` element rendered by
 * `TryIt.astro` into a form that sends its request to the sandbox (a service worker), and
 * shows the response, code samples, a permalink and what changed in the sandbox.
 * Loaded by `loader.ts` only on pages with a console, after the page is interactive.
 */
import type { ResolvedSchema } from '../openapi/types.ts';
import { apiKey } from '../openapi/api-key.ts';
import { bypass } from 'msw';
import { diffSnapshots, type RecordChange } from './diff.ts';
import { decodePermalink, encodePermalink } from './permalink.ts';
import { buildRequest, LOCAL_SANDBOX_ORIGIN, toLocalSandbox, type BuiltRequest, type ConsoleInputs } from './request.ts';
import { curlSample } from './sample-curl.ts';
import { SAMPLE_LANGUAGES, SAMPLE_TABS_SYNC, type SampleLanguage } from './sample-languages.ts';
import { pageSandbox, type RunningSandbox } from './sandbox.ts';
import type { ConsoleCredential, ConsoleParameter, ConsoleSpec } from './spec.ts';
import { STATUS_TEXT, statusMeaning } from './status-text.ts';
import { oauthRedirectScheme, saveCredential, saveInputs, saveSampleTarget, saveSendTarget, saveVariables, savedCredential, savedInputs, savedSampleTarget, savedSendTarget, savedVariables } from './storage.ts';
import { validateInputs, type InputIssue } from './validate.ts';
import { captureVariables, fillPlaceholders, hasPlaceholder } from './variables.ts';
import { uiText } from '../client/ui-text.ts';
import { addStyles } from '../client/add-styles.ts';
// The form's styles arrive with this module, so no page carries them up front.
import consoleCss from './console.css?inline';
import { track } from '../client/track.ts';

type Attrs = Record<string, string | undefined>;
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const VARIABLES_EVENT = 'caravan-docs:console-variables';
const CREDENTIAL_EVENT = 'caravan-docs:console-credential';
const SAMPLE_TARGET_EVENT = 'caravan-docs:console-sample-target';

/** The samples in every language but curl (src/console/samples.ts), once loaded. */
let writeSample: ((language: SampleLanguage, request: BuiltRequest) => string) | undefined;
async function loadSampleWriter(): Promise<void> {
  writeSample ??= (await import('./samples.ts')).sample;
}

/** The sample language the reader chose in code-sample tabs (src/client/tabs.ts stores it). */
function rememberedSampleLabel(): string | null {
  try {
    return localStorage.getItem(`caravan-docs:tabs:${SAMPLE_TABS_SYNC}`);
  } catch {
    return null;
  }
}

/**
 * What the credential controls are called, per kind of scheme: the one control (a picker of the
 * sandbox's credentials, or the field itself when there are none) and the free entry behind
 * the picker's "Other…".
 */
function credentialLabels(credential: ConsoleCredential): { control: string; other: string } {
  switch (credential.kind) {
    case 'bearer':
      return { control: uiText('console.bearerToken'), other: uiText('console.yourToken') };
    case 'basic':
      return { control: uiText('console.credentials'), other: uiText('console.username') };
    case 'apiKey':
      return { control: uiText('console.apiKey', { where: credential.in ?? '', name: credential.name ?? '' }), other: uiText('console.yourKey') };
  }
}

/** The value of the picker's "Other…" entry (sandbox credentials are never empty). */
const OTHER = '';

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** The first non-null type of a schema, e.g. `string` for `[string, 'null']`. */
function mainType(schema: ResolvedSchema): string | undefined {
  const type = schema['type'];
  return Array.isArray(type) ? type.find((item) => item !== 'null') : (type as string | undefined);
}

/** Body properties that get their own input: scalars and enums. */
function scalarProperties(schema: ResolvedSchema | undefined): Array<[string, ResolvedSchema]> {
  const properties = (schema?.['properties'] ?? {}) as Record<string, ResolvedSchema>;
  return Object.entries(properties).filter(([, property]) => ['string', 'integer', 'number'].includes(mainType(property) ?? '') || Array.isArray(property['enum']));
}

function limitsText(schema: ResolvedSchema): string {
  const parts: string[] = [];
  const type = mainType(schema);
  if (type) parts.push(Array.isArray(schema['type']) && schema['type'].includes('null') ? uiText('console.orNull', { type }) : type);
  if (typeof schema['minimum'] === 'number') parts.push(`≥ ${schema['minimum']}`);
  if (typeof schema['exclusiveMinimum'] === 'number') parts.push(`> ${schema['exclusiveMinimum']}`);
  if (typeof schema['maximum'] === 'number') parts.push(`≤ ${schema['maximum']}`);
  if (typeof schema['maxLength'] === 'number') parts.push(uiText('console.upTo', { count: schema['maxLength'] }));
  if (schema['default'] !== undefined) parts.push(uiText('console.defaultValue', { value: String(schema['default']) }));
  return parts.join(', ');
}

function control(schema: ResolvedSchema, id: string, label: string, required: boolean): Field {
  const enumValues = schema['enum'];
  if (Array.isArray(enumValues)) {
    const select = h('select', { id, name: label });
    select.append(h('option', { value: '' }, required ? '(choose)' : '(not set)'), ...enumValues.map((value) => h('option', { value: String(value) }, String(value))));
    return select;
  }
  const type = mainType(schema);
  const input = h('input', { id, name: label, type: type === 'integer' || type === 'number' ? 'number' : 'text', autocomplete: 'off', spellcheck: 'false' });
  if (type === 'integer') input.step = '1';
  if (type === 'number') input.step = 'any';
  for (const limit of ['minimum', 'maximum'] as const) if (typeof schema[limit] === 'number') input.setAttribute(limit === 'minimum' ? 'min' : 'max', String(schema[limit]));
  if (required) input.required = true;
  return input;
}

const pretty = (text: string): string => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

const formatValue = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value));

let counter = 0;
let styled = false;

class TryItConsole {
  readonly spec: ConsoleSpec;
  readonly root: HTMLElement;
  readonly id: string;
  readonly storageKey: string;
  readonly paramFields = new Map<string, Field>();
  readonly bodyFields = new Map<string, Field>();
  readonly errorSlots = new Map<Field, HTMLElement>();
  readonly touched = new Set<string>();
  bodyEditor?: HTMLTextAreaElement;
  /** The credential every console of this scheme starts from (the first sandbox credential the sandbox accepts here). */
  readonly defaultCredential: string;
  token?: HTMLInputElement;
  password?: HTMLInputElement;
  tokenPicker?: HTMLSelectElement;
  /** The free entry behind the picker's "Other…", shown only when it is chosen. */
  otherEntry?: HTMLElement;
  /** The first console of the page with the same scheme and starting credential: it holds the one credential control, this console uses it. */
  readonly owner: TryItConsole | undefined;
  sharedNote?: HTMLElement;
  /** On the console holding the control: says so once a later console uses it. */
  readonly sharedHint = h('span', {});
  send!: HTMLButtonElement;
  live!: HTMLElement;
  issuesBox!: HTMLElement;
  responseBox!: HTMLElement;
  changesBox!: HTMLElement;
  permalink!: HTMLAnchorElement;
  samples = new Map<string, HTMLElement>();
  sampleTarget?: HTMLSelectElement;
  /** Where Send goes, when the site allows the real API. */
  sendTarget?: HTMLSelectElement;
  answeredBy!: HTMLElement;
  sandbox?: RunningSandbox;
  sending = false;

  constructor(root: HTMLElement, spec: ConsoleSpec, index: number, defaultCredential: string, owner?: TryItConsole) {
    this.root = root;
    this.spec = spec;
    this.defaultCredential = defaultCredential;
    this.owner = owner;
    this.id = `try-${++counter}`;
    this.storageKey = `${location.pathname}#${index}:${spec.operationId}`;
  }

  mount(): void {
    const { spec, id } = this;
    const form = h('form', { class: 'try-it-form', novalidate: '' });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.sendRequest(false);
    });

    // Authentication: one control per scheme and starting credential on the page, in its first console.
    if (spec.credential) form.append(this.owner ? this.sharedCredentialNote(this.owner) : this.credentialFieldset(spec.credential));

    // Parameters
    for (const location of ['path', 'query', 'header'] as const) {
      const parameters = spec.parameters.filter((parameter) => parameter.in === location);
      if (parameters.length === 0) continue;
      const fieldset = h('fieldset', {}, h('legend', {}, uiText(location === 'path' ? 'console.pathParameters' : location === 'query' ? 'console.queryParameters' : 'console.headers')));
      for (const parameter of parameters) fieldset.append(this.parameterField(parameter));
      form.append(fieldset);
    }

    // Body
    if (spec.body !== undefined) {
      const fieldset = h('fieldset', { class: 'try-it-body' }, h('legend', {}, uiText('console.requestBody')));
      const required = new Set((spec.body.schema['required'] ?? []) as string[]);
      for (const [name, schema] of scalarProperties(spec.body.schema)) {
        const field = control(schema, `${id}-body-${name}`, name, required.has(name));
        this.bodyFields.set(name, field);
        field.addEventListener(field instanceof HTMLSelectElement ? 'change' : 'input', () => this.bodyFieldChanged(name, schema));
        fieldset.append(this.wrapField(field, required.has(name) ? uiText('console.required', { name }) : name, limitsText(schema), schema['description']));
      }
      this.bodyEditor = h('textarea', { id: `${id}-body`, rows: '8', spellcheck: 'false', class: 'try-it-json' });
      this.bodyEditor.addEventListener('input', () => {
        this.touched.add('$body');
        this.bodyEditorChanged();
      });
      fieldset.append(this.wrapField(this.bodyEditor, 'JSON body', `${spec.body.contentType}; the fields above edit it too`));
      form.append(fieldset);
    }

    // Actions
    this.send = h('button', { type: 'submit', class: 'try-it-send', disabled: '', 'aria-describedby': `${id}-send-hint` }, uiText('console.send'));
    const targets: HTMLElement[] = [];
    if (spec.realApi) {
      this.sendTarget = h('select', { id: `${id}-send-target` });
      this.sendTarget.append(h('option', { value: 'sandbox' }, 'the sandbox in your browser'), h('option', { value: 'real' }, `the real API (${spec.baseUrl})`));
      this.sendTarget.value = savedSendTarget();
      this.sendTarget.addEventListener('change', () => saveSendTarget(this.sendTarget!.value === 'real' ? 'real' : 'sandbox'));
      targets.push(h('label', { for: this.sendTarget.id }, uiText('console.sendTo')), this.sendTarget);
    }
    this.permalink = h('a', { class: 'try-it-permalink', href: '#' }, uiText('console.permalink'));
    this.issuesBox = h('div', { class: 'try-it-issues', role: 'alert' });
    form.append(
      h('div', { class: 'try-it-actions' }, ...targets, this.send, h('span', { class: 'try-it-hint', id: `${id}-send-hint` }, 'Starting the sandbox…'), this.permalink),
      this.issuesBox,
    );

    // Response, samples, sandbox panel
    this.live = h('p', { class: 'try-it-status', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
    this.answeredBy = h('p', { class: 'try-it-hint', 'data-answered-by': '' });
    this.responseBox = h('div', { class: 'try-it-response-body' });
    // Folded: the request is the form above; the samples are one click away (reference pages show them beside the text too).
    const samples = h('details', { class: 'try-it-samples' }, h('summary', { class: 'try-it-heading' }, uiText('console.codeSamples')));
    // The samples may call the local sandbox instead of the API's host; Send always uses the in-browser sandbox.
    let apiHost = spec.baseUrl;
    try {
      apiHost = new URL(spec.baseUrl).host;
    } catch {
      // Not absolute: shown as written.
    }
    this.sampleTarget = h('select', { id: `${id}-sample-target`, 'aria-describedby': `${id}-sample-target-hint` });
    this.sampleTarget.append(h('option', { value: 'api' }, `the API (${apiHost})`), h('option', { value: 'local' }, `the local sandbox (${LOCAL_SANDBOX_ORIGIN})`));
    this.sampleTarget.value = savedSampleTarget();
    this.sampleTarget.addEventListener('change', () => {
      saveSampleTarget(this.sampleTarget!.value === 'local' ? 'local' : 'api');
      document.dispatchEvent(new CustomEvent(SAMPLE_TARGET_EVENT));
      this.update();
    });
    samples.append(
      h('div', { class: 'try-it-field' }, h('label', { for: this.sampleTarget.id }, uiText('console.samplesCall')), this.sampleTarget),
      // One of several APIs: its `--api` rides in the version placeholder, so every locale's sentence names it.
      h('p', { class: 'try-it-hint', id: `${id}-sample-target-hint` }, uiText('console.localSandboxHint', { version: spec.api ? `${spec.version} --api ${spec.api}` : spec.version })),
    );
    // The language the reader last chose in a reference page's sample tabs starts open.
    const chosen = rememberedSampleLabel();
    const opened = SAMPLE_LANGUAGES.some(({ label }) => label === chosen) ? chosen : 'curl';
    for (const language of SAMPLE_LANGUAGES) {
      const code = h('code', { 'data-sample': language.id });
      this.samples.set(language.id, code);
      samples.append(h('details', language.label === opened ? { open: '' } : {}, h('summary', {}, language.label), h('pre', { tabindex: '0', role: 'group', 'aria-label': `${language.label} sample` }, code)));
    }
    // curl is written at once; the other languages' generator loads when the samples are first opened.
    samples.addEventListener('toggle', () => {
      if (samples.open) void loadSampleWriter().then(() => this.update());
    });
    this.changesBox = h('div', { class: 'try-it-changes' }, h('p', {}, uiText('console.noCallYet')));
    const reset = h('button', { type: 'button', class: 'try-it-reset' }, uiText('console.resetSandbox'));
    reset.addEventListener('click', () => void this.resetSandbox());
    const panel = h('div', { class: 'try-it-sandbox', role: 'group', 'aria-labelledby': `${id}-sandbox` }, h('div', { class: 'try-it-heading', id: `${id}-sandbox` }, uiText('console.sandboxChanges')), this.changesBox, reset);
    const response = h('div', { class: 'try-it-response', role: 'group', 'aria-labelledby': `${id}-response` }, h('div', { class: 'try-it-heading', id: `${id}-response` }, uiText('console.response')), this.live, this.answeredBy, this.responseBox);

    const body = this.root.querySelector<HTMLElement>('[data-try-it-body]') ?? this.root;
    body.replaceChildren(form, response, samples, panel);
    this.root.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        void this.sendRequest(false);
      }
    });
    document.addEventListener(VARIABLES_EVENT, () => this.applyPlaceholders());
    document.addEventListener(SAMPLE_TARGET_EVENT, () => {
      if (!this.sampleTarget || document.activeElement === this.sampleTarget) return;
      this.sampleTarget.value = savedSampleTarget();
      this.update();
    });
    document.addEventListener(CREDENTIAL_EVENT, (event) => {
      const { scheme, fallback } = (event as CustomEvent<{ scheme: string; fallback: string }>).detail;
      if (!spec.credential || scheme !== spec.credential.scheme || fallback !== this.defaultCredential) return;
      if (this.owner) this.showSharedCredential();
      else {
        if (document.activeElement === this.token || document.activeElement === this.password) return;
        this.writeCredential(savedCredential(scheme, this.defaultCredential));
      }
      this.update();
    });

    this.restoreInputs();
    this.update();
  }

  wrapField(field: Field, label: string, hint?: string, description?: unknown): HTMLElement {
    const error = h('p', { class: 'try-it-error', id: `${field.id}-error`, hidden: '' });
    this.errorSlots.set(field, error);
    const hintText = [typeof description === 'string' ? description : '', hint ?? ''].filter(Boolean).join(' · ');
    const hintElement = hintText ? h('p', { class: 'try-it-hint', id: `${field.id}-hint` }, hintText) : undefined;
    field.setAttribute('aria-describedby', [hintElement ? `${field.id}-hint` : '', error.id].filter(Boolean).join(' '));
    return h('div', { class: 'try-it-field' }, h('label', { for: field.id }, label), field, ...(hintElement ? [hintElement] : []), error);
  }

  parameterField(parameter: ConsoleParameter): HTMLElement {
    const field = control(parameter.schema, `${this.id}-${parameter.in}-${parameter.name}`, parameter.name, parameter.required);
    this.paramFields.set(parameter.name, field);
    field.addEventListener(field instanceof HTMLSelectElement ? 'change' : 'input', () => {
      this.touched.add(parameter.name);
      this.update();
    });
    return this.wrapField(field, parameter.required ? uiText('console.required', { name: parameter.name }) : parameter.name, limitsText(parameter.schema), parameter.description);
  }

  /**
   * The credential control the operation's security scheme asks for: one picker of the sandbox's
   * credentials whose "Other…" reveals a free entry (user name and password for HTTP basic), or
   * the free entry alone when the site declares no sandbox credential.
   */
  credentialFieldset(credential: ConsoleCredential): HTMLElement {
    const { id } = this;
    const labels = credentialLabels(credential);
    const fieldset = h('fieldset', { class: 'try-it-auth' }, h('legend', {}, uiText('console.authentication')));
    const input = (suffix: string, type = 'text') => h('input', { id: `${id}-${suffix}`, type, autocomplete: 'off', spellcheck: 'false', 'aria-describedby': `${id}-token-hint` });
    const picked = credential.sandbox.length > 0;
    if (picked) {
      this.tokenPicker = h('select', { id: `${id}-token-picker`, 'aria-describedby': `${id}-token-hint` });
      this.tokenPicker.append(...credential.sandbox.map((entry) => h('option', { value: entry.value }, entry.label ?? entry.value)), h('option', { value: OTHER }, uiText('console.other')));
      this.tokenPicker.addEventListener('change', () => {
        if (this.tokenPicker!.value === OTHER) {
          this.writeCredential('');
          this.showOtherEntry();
          this.token!.focus();
        } else this.writeCredential(this.tokenPicker!.value);
        this.credentialChanged();
      });
      fieldset.append(h('div', { class: 'try-it-field' }, h('label', { for: this.tokenPicker.id }, labels.control), this.tokenPicker));
    }
    this.token = input('token');
    this.token.addEventListener('input', () => this.credentialChanged());
    const entry = h('div', { class: 'try-it-other-credential' }, h('div', { class: 'try-it-field' }, h('label', { for: this.token.id }, picked ? labels.other : labels.control), this.token));
    if (credential.kind === 'basic') {
      this.password = input('password', 'password');
      entry.append(h('div', { class: 'try-it-field' }, h('label', { for: this.password.id }, uiText('console.password')), this.password));
      this.password.addEventListener('input', () => this.credentialChanged());
    }
    if (picked) this.otherEntry = entry;
    fieldset.append(entry);
    const where = credential.kind === 'apiKey' ? uiText('console.sentInApiKey', { where: credential.in ?? '', name: credential.name ?? '' }) : uiText(credential.kind === 'basic' ? 'console.sentAsBasic' : 'console.sentAsBearer');
    fieldset.append(h('p', { class: 'try-it-hint', id: `${id}-token-hint` }, `${where} ${uiText('console.keptForTab')}`, this.sharedHint));
    this.writeCredential(savedCredential(credential.scheme, this.defaultCredential));
    this.showOtherEntry();
    if (credential.oauth && this.spec.realApi) fieldset.append(this.oauthDetails(credential));
    return fieldset;
  }

  /**
   * OAuth 2 / OpenID Connect in real-API mode: a folded "Get a token" panel whose code loads
   * only when the reader opens it (or comes back from the provider to finish a sign-in).
   */
  oauthDetails(credential: ConsoleCredential): HTMLElement {
    const container = h('div', {});
    const details = h('details', { class: 'try-it-oauth' }, h('summary', {}, uiText('console.oauthOpen')), container);
    const options = () => ({
      oauth: credential.oauth!,
      scheme: credential.scheme,
      idPrefix: this.id,
      base: import.meta.env.BASE_URL,
      send: (request: Request) => fetch(bypass(request)),
      onToken: (token: { accessToken: string }) => this.useToken(token.accessToken),
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
      void import('./oauth-panel.ts').then((module) => module.finishRedirect(options(), (text) => (report.textContent = text)));
    }
    return details;
  }

  /** A token from the provider: it becomes the reader's own credential, and Send goes to the real API. */
  useToken(token: string): void {
    this.writeCredential(token);
    if (this.tokenPicker) this.tokenPicker.value = OTHER;
    this.showOtherEntry();
    if (this.sendTarget) {
      this.sendTarget.value = 'real';
      saveSendTarget('real');
    }
    this.credentialChanged();
  }

  /** A later console of the page: which credential it sends, and a way to the one control. */
  sharedCredentialNote(owner: TryItConsole): HTMLElement {
    this.sharedNote = h('span', {});
    const change = h('button', { type: 'button', class: 'try-it-change-credential' }, uiText('console.change'));
    change.addEventListener('click', () => (owner.tokenPicker ?? owner.token)?.focus());
    owner.sharedHint.textContent = uiText('console.sharedHint');
    this.showSharedCredential();
    return h('p', { class: 'try-it-auth-shared' }, h('span', { class: 'try-it-auth-label' }, uiText('console.authenticationShared')), this.sharedNote, ' ', change);
  }

  showSharedCredential(): void {
    if (!this.owner || !this.sharedNote) return;
    const value = this.owner.credential();
    const entry = this.spec.credential?.sandbox.find((item) => item.value === value);
    this.sharedNote.textContent = value === '' ? uiText('console.sharedNone') : uiText('console.sharedChosen', { credential: entry?.label ?? uiText('console.ownCredential') });
  }

  /** The credential as typed: the token or key, or `user:password` (empty when nothing is typed); a later console's is its page's one. */
  credential(): string {
    if (this.owner) return this.owner.credential();
    if (!this.token) return '';
    if (!this.password) return this.token.value;
    return this.token.value === '' && this.password.value === '' ? '' : `${this.token.value}:${this.password.value}`;
  }

  writeCredential(value: string): void {
    if (!this.token) return;
    if (this.password) {
      const colon = value.indexOf(':');
      this.token.value = colon < 0 ? value : value.slice(0, colon);
      this.password.value = colon < 0 ? '' : value.slice(colon + 1);
    } else this.token.value = value;
    this.syncPicker();
  }

  /** The free entry shows when the credential is none of the sandbox's ("Other…"). */
  showOtherEntry(): void {
    if (this.otherEntry && this.tokenPicker) this.otherEntry.hidden = this.tokenPicker.value !== OTHER;
  }

  syncPicker(): void {
    if (!this.tokenPicker || document.activeElement === this.token || document.activeElement === this.password) return;
    const value = this.credential();
    this.tokenPicker.value = this.spec.credential?.sandbox.some((entry) => entry.value === value) ? value : OTHER;
  }

  credentialChanged(): void {
    this.syncPicker();
    const scheme = this.spec.credential?.scheme;
    if (scheme !== undefined) {
      saveCredential(scheme, this.defaultCredential, this.credential());
      document.dispatchEvent(new CustomEvent(CREDENTIAL_EVENT, { detail: { scheme, fallback: this.defaultCredential } }));
    }
    this.update();
  }

  readInputs(): ConsoleInputs {
    const params: Record<string, string> = {};
    for (const [name, field] of this.paramFields) params[name] = field.value;
    return { params, bodyText: this.bodyEditor?.value ?? '' };
  }

  writeInputs(inputs: ConsoleInputs): void {
    for (const [name, field] of this.paramFields) field.value = inputs.params[name] ?? '';
    if (this.bodyEditor) {
      this.bodyEditor.value = inputs.bodyText;
      this.bodyEditorChanged(false);
    }
  }

  /** Inputs from a permalink for this operation, else from this tab's last visit, else the author's presets. */
  restoreInputs(): void {
    const link = decodePermalink(location.hash);
    const fromLink = link?.operationId === this.spec.operationId && !document.querySelector(`[data-try-it-linked="${this.spec.operationId}"]`);
    if (fromLink) {
      this.root.setAttribute('data-try-it-linked', this.spec.operationId);
      this.writeInputs(link.inputs);
      for (const name of this.paramFields.keys()) this.touched.add(name);
      this.touched.add('$body');
      this.root.scrollIntoView({ block: 'start' });
      return;
    }
    const saved = savedInputs(this.storageKey);
    if (saved) this.writeInputs(saved);
    else this.applyPlaceholders(true);
  }

  /** Fills `{{variable}}` placeholders of the presets in every input the reader has not edited. */
  applyPlaceholders(initial = false): void {
    const variables = savedVariables();
    for (const [name, field] of this.paramFields) {
      const preset = this.spec.params[name] ?? '';
      if (this.touched.has(name) || (!initial && !hasPlaceholder(preset))) continue;
      const value = fillPlaceholders(preset, variables);
      const unresolved = hasPlaceholder(value);
      field.value = unresolved ? '' : value;
      if (field instanceof HTMLInputElement) field.placeholder = unresolved ? `${preset} (from an earlier step)` : '';
    }
    if (this.bodyEditor && this.spec.bodyText !== undefined && !this.touched.has('$body') && (initial || hasPlaceholder(this.spec.bodyText))) {
      this.bodyEditor.value = fillPlaceholders(this.spec.bodyText, variables);
      this.bodyEditorChanged(false);
    }
    if (!initial) this.update();
  }

  bodyObject(): Record<string, unknown> | undefined {
    try {
      const value = JSON.parse(this.bodyEditor?.value ?? '') as unknown;
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  /** The JSON editor changed: show its top-level values in the body fields. */
  bodyEditorChanged(refresh = true): void {
    const body = this.bodyObject();
    if (body) {
      for (const [name, field] of this.bodyFields) {
        const value = body[name];
        field.value = value === undefined || value === null || typeof value === 'object' ? '' : String(value);
      }
    }
    if (refresh) this.update();
  }

  /** A body field changed: write it into the JSON (an empty field removes the property). */
  bodyFieldChanged(name: string, schema: ResolvedSchema): void {
    const body = this.bodyObject() ?? {};
    const field = this.bodyFields.get(name)!;
    const type = mainType(schema);
    if (field.value === '') delete body[name];
    else if ((type === 'integer' || type === 'number') && field.value.trim() !== '' && Number.isFinite(Number(field.value))) body[name] = Number(field.value);
    else body[name] = field.value;
    this.touched.add('$body');
    this.bodyEditor!.value = JSON.stringify(body, null, 2);
    this.update();
  }

  /** Refreshes samples and permalink, and remembers the inputs. */
  update(): void {
    const inputs = this.readInputs();
    const request = buildRequest(this.spec, inputs, this.credential());
    const shown = this.sampleTarget?.value === 'local' ? toLocalSandbox(request, this.spec.baseUrl) : request;
    for (const [language, code] of this.samples) {
      if (language === 'curl') code.textContent = curlSample(shown);
      else if (writeSample) code.textContent = writeSample(language as SampleLanguage, shown);
    }
    this.permalink.href = encodePermalink({ operationId: this.spec.operationId, inputs });
    this.anchorPermalink();
    saveInputs(this.storageKey, inputs);
  }

  /**
   * Makes the permalink's fragment name an element, as a fragment should: this console, unless
   * an earlier console of the operation has it (the same inputs there), which is the one it restores.
   */
  anchorPermalink(): void {
    const fragment = this.permalink.getAttribute('href')!.slice(1);
    const holder = document.getElementById(fragment);
    if (holder && holder !== this.root) return;
    if (this.root.id !== fragment) this.root.id = fragment;
  }

  ready(running: RunningSandbox): void {
    this.sandbox = running;
    this.send.disabled = false;
    this.root.setAttribute('data-ready', '');
    this.root.querySelector(`#${this.id}-send-hint`)!.textContent = uiText('console.sendHint');
  }

  failed(error: unknown): void {
    this.root.querySelector(`#${this.id}-send-hint`)!.textContent = uiText('console.sandboxFailed', { message: (error as Error).message });
  }

  fieldFor(target: InputIssue['target']): Field | undefined {
    if (target.kind === 'param') return this.paramFields.get(target.name);
    const top = target.pointer.split('/')[1];
    return (target.pointer.split('/').length === 2 && top !== undefined ? this.bodyFields.get(top.replaceAll('~1', '/').replaceAll('~0', '~')) : undefined) ?? this.bodyEditor;
  }

  clearIssues(): void {
    for (const [field, slot] of this.errorSlots) {
      field.removeAttribute('aria-invalid');
      slot.hidden = true;
      slot.textContent = '';
    }
    this.issuesBox.replaceChildren();
  }

  /** Shows each problem at its field; returns the fields in order. */
  markFields(issues: Array<{ target: InputIssue['target']; detail: string }>): Field[] {
    const fields: Field[] = [];
    for (const issue of issues) {
      const field = this.fieldFor(issue.target);
      const slot = field && this.errorSlots.get(field);
      if (!field || !slot) continue;
      const where = issue.target.kind === 'body' && field === this.bodyEditor && issue.target.pointer ? `${issue.target.pointer}: ` : '';
      field.setAttribute('aria-invalid', 'true');
      slot.hidden = false;
      slot.textContent = [slot.textContent, `${where}${issue.detail}`].filter(Boolean).join('; ');
      if (!fields.includes(field)) fields.push(field);
    }
    return fields;
  }

  fieldLabel(field: Field): string {
    return this.root.querySelector(`label[for="${field.id}"]`)?.textContent ?? field.id;
  }

  async sendRequest(force: boolean): Promise<void> {
    if (!this.sandbox || this.sending) return;
    const inputs = this.readInputs();
    this.clearIssues();
    if (!force) {
      const issues = validateInputs(this.spec, inputs);
      if (issues.length > 0) {
        const fields = this.markFields(issues);
        const anyway = h('button', { type: 'button' }, uiText('console.sendAnyway'));
        anyway.addEventListener('click', () => void this.sendRequest(true));
        this.issuesBox.append(
          h('p', {}, issues.length === 1 ? uiText('console.oneProblem') : uiText('console.manyProblems', { count: issues.length })),
          anyway,
        );
        fields[0]?.focus();
        return;
      }
    }
    const request = buildRequest(this.spec, inputs, this.credential());
    // The operation only (its method and path template): never a body, a value or a credential.
    track('send', { method: this.spec.method.toUpperCase(), path: this.spec.path, version: this.spec.version, ...(this.spec.api ? { api: this.spec.api } : {}) });
    this.sending = true;
    this.send.disabled = true;
    this.root.setAttribute('aria-busy', 'true');
    try {
      await this.exchange(request);
    } finally {
      this.sending = false;
      this.send.disabled = false;
      this.root.removeAttribute('aria-busy');
    }
  }

  async exchange(request: BuiltRequest): Promise<void> {
    const running = this.sandbox!;
    const real = this.sendTarget?.value === 'real';
    const before = running.snapshot();
    const started = performance.now();
    let response: Response;
    let text: string;
    try {
      const outgoing = new Request(request.url, { method: request.method, headers: request.headers, ...(request.body !== undefined ? { body: request.body } : {}) });
      // The real API: past the service worker's sandbox, with the reader's own credential.
      response = await fetch(real ? bypass(outgoing) : outgoing);
      text = await response.text();
    } catch (error) {
      this.live.textContent = real
        ? uiText('console.realApiFailed', { message: (error as Error).message })
        : uiText('console.requestFailed', { message: (error as Error).message });
      this.answeredBy.textContent = '';
      return;
    }
    const duration = performance.now() - started;
    this.showResponse(response, text, duration);
    this.answeredBy.textContent = real ? uiText('console.answeredByRealApi', { host: new URL(request.url).host }) : uiText('console.answeredBySandbox');
    if (real) this.changesBox.replaceChildren(h('p', {}, 'The last call went to the real API; the sandbox did not change.'));
    else this.showChanges(diffSnapshots(before, running.snapshot()));
    if (response.ok && Object.keys(this.spec.capture).length > 0) {
      try {
        const captured = captureVariables(this.spec.capture, JSON.parse(text));
        saveVariables({ ...savedVariables(), ...captured });
        document.dispatchEvent(new CustomEvent(VARIABLES_EVENT));
      } catch {
        // Not JSON: nothing to carry over.
      }
    }
    this.root.setAttribute('data-duration', duration.toFixed(2));
  }

  showResponse(response: Response, text: string, duration: number): void {
    const reason = STATUS_TEXT[response.status] ?? '';
    const meaning = statusMeaning(response.status, this.spec.statuses);
    this.root.setAttribute('data-status', String(response.status));
    this.live.textContent = `${response.status} ${reason}${meaning && meaning !== reason ? ` - ${meaning}` : ''} · ${Math.max(1, Math.round(duration))} ms`;
    this.live.className = `try-it-status ${response.ok ? 'is-ok' : 'is-error'}`;
    const headers = h('dl', { class: 'try-it-headers' });
    response.headers.forEach((value, name) => headers.append(h('dt', {}, name), h('dd', {}, value)));
    const nodes: Node[] = [
      h('details', {}, h('summary', {}, uiText('console.headers')), headers),
      h('pre', { class: 'try-it-json-out', tabindex: '0', role: 'group', 'aria-label': uiText('console.responseBody') }, h('code', {}, pretty(text) || uiText('console.emptyBody'))),
    ];
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.includes('problem+json')) {
      let errors: Array<{ pointer?: unknown; detail?: unknown }> = [];
      try {
        const problem = JSON.parse(text) as { errors?: unknown };
        if (Array.isArray(problem.errors)) errors = problem.errors;
      } catch {
        // Not JSON after all.
      }
      if (errors.length > 0) {
        const list = h('ul', { class: 'try-it-problems' });
        const issues = errors.map((error) => {
          const pointer = String(error.pointer ?? '');
          const target: InputIssue['target'] = pointer.startsWith('/') ? { kind: 'body', pointer } : pointer === '' ? { kind: 'body', pointer: '' } : { kind: 'param', name: pointer };
          return { target, detail: String(error.detail ?? '') };
        });
        for (const issue of issues) {
          const field = this.spec.body === undefined && issue.target.kind === 'body' ? undefined : this.fieldFor(issue.target);
          const where = issue.target.kind === 'param' ? issue.target.name : issue.target.pointer;
          const item = h('li', {}, h('code', {}, where), ` ${issue.detail}`);
          if (field) {
            const link = h('a', { href: `#${field.id}` }, uiText('console.goTo', { name: this.fieldLabel(field) }));
            link.addEventListener('click', (event) => {
              event.preventDefault();
              field.focus();
            });
            item.append(' ', link);
          }
          list.append(item);
        }
        this.markFields(issues.filter((issue) => !(this.spec.body === undefined && issue.target.kind === 'body')));
        nodes.push(h('p', {}, 'Problems the sandbox reported:'), list);
      }
    }
    this.responseBox.replaceChildren(...nodes);
  }

  showChanges(changes: RecordChange[]): void {
    if (changes.length === 0) {
      this.changesBox.replaceChildren(h('p', {}, uiText('console.nothingChanged')));
      return;
    }
    const list = h('ul', {});
    for (const change of changes) {
      const name = `${change.collection} ${change.id}`;
      if (change.kind !== 'changed') list.append(h('li', {}, uiText(change.kind === 'added' ? 'console.added' : 'console.removed', { name })));
      else {
        const fields = h('ul', {}, ...change.fields.map((field) => h('li', {}, h('code', {}, field.field), `: ${formatValue(field.before)} → ${formatValue(field.after)}`)));
        list.append(h('li', {}, uiText('console.changed', { name }), fields));
      }
    }
    this.changesBox.replaceChildren(h('p', {}, 'The last call changed:'), list);
  }

  async resetSandbox(): Promise<void> {
    if (!this.sandbox) return;
    this.sandbox.reset();
    this.changesBox.replaceChildren(h('p', {}, uiText('console.sandboxBack')));
    this.live.textContent = uiText('console.sandboxReset');
  }
}

/** The sandbox credential a console starts from: the first the page's sandbox accepts for its operation, else the first declared. */
function defaultCredential(spec: ConsoleSpec, prepared: Awaited<ReturnType<typeof pageSandbox>> | undefined): string {
  const declared = spec.credential?.sandbox ?? [];
  if (spec.credential === undefined || declared.length === 0) return '';
  const scheme = spec.credential.scheme;
  const accepted = prepared?.sandbox.acceptedCredential(spec.operationId, declared.map(({ value }) => ({ scheme, value })));
  return accepted?.value ?? declared[0]!.value;
}

/**
 * Mounts every console of the page and starts the sandbox they share: the version of the
 * first console (one sandbox per page), loaded before mounting so each console can start from a
 * credential that sandbox accepts for its operation.
 */
export function mountAll(): void {
  if (!styled) addStyles(consoleCss);
  styled = true;
  const roots: Array<{ root: HTMLElement; spec: ConsoleSpec }> = [];
  document.querySelectorAll<HTMLElement>('[data-try-it]:not([data-mounted])').forEach((root) => {
    const data = root.querySelector('script[type="application/json"]');
    if (!data?.textContent) return;
    root.setAttribute('data-mounted', '');
    roots.push({ root, spec: JSON.parse(data.textContent) as ConsoleSpec });
  });
  const first = roots[0];
  if (!first) return;
  const mount = (prepared: Awaited<ReturnType<typeof pageSandbox>> | undefined) => {
    // Consoles with the same scheme and starting credential share one control: the first one's.
    const owners = new Map<string, TryItConsole>();
    return roots.map(({ root, spec }, index) => {
      const fallback = defaultCredential(spec, prepared);
      const key = spec.credential ? `${spec.credential.scheme}\u0000${fallback}` : undefined;
      const console = new TryItConsole(root, spec, index, fallback, key === undefined ? undefined : owners.get(key));
      if (key !== undefined && !owners.has(key)) owners.set(key, console);
      console.mount();
      return console;
    });
  };
  const pageKey = apiKey(first.spec.version, first.spec.api ?? '');
  // One sandbox per page: a console of another API (or version) than the first one's says so instead of calling the wrong sandbox.
  const otherApi = (spec: ConsoleSpec) => (apiKey(spec.version, spec.api ?? '') === pageKey ? undefined : new Error(`this page's sandbox is the one of ${pageKey}; put the consoles of ${apiKey(spec.version, spec.api ?? '')} on a page of their own`));
  pageSandbox(pageKey).then(
    (prepared) => {
      const consoles = mount(prepared);
      // Each operation's validators and examples load now, so the first Send does not wait for them.
      for (const { spec } of roots) prepared.sandbox.prepare(spec.operationId).catch(() => undefined);
      prepared.start().then(
        (running) =>
          consoles.forEach((item, index) => {
            const mismatch = otherApi(roots[index]!.spec);
            if (mismatch) item.failed(mismatch);
            else item.ready(running);
          }),
        (error: unknown) => consoles.forEach((item) => item.failed(error)),
      );
    },
    (error: unknown) => mount(undefined).forEach((item) => item.failed(error)),
  );
}
