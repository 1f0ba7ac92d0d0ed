/**
 * The API console in the browser: turns each `[data-try-it]` element rendered by
 * `TryIt.astro` into a form that sends its request to the sandbox (a service worker), and
 * shows the response, code samples, a permalink and what changed in the sandbox.
 * Loaded by `loader.ts` only on pages with a console, after the page is interactive.
 *
 * A small class wiring parts of one concern each, built with dom.ts: the request form
 * (form.ts), the credentials (credentials.ts), the transport (transport.ts: HTTP today, the
 * seam for WebSocket), the response (response.ts), the code samples (samples-panel.ts) and
 * what the call changed in the sandbox (changes.ts).
 */
import { apiKey } from '../openapi/api-key.ts';
import { addStyles } from '../client/add-styles.ts';
import { track } from '../client/track.ts';
import { uiText } from '../client/ui-text.ts';
// The form's styles arrive with this module, so no page carries them up front.
import consoleCss from './console.css?inline';
import { ChangesPanel } from './changes.ts';
import { Credentials } from './credentials.ts';
import { diffSnapshots } from './diff.ts';
import { h } from './dom.ts';
import { RequestForm } from './form.ts';
import { encodePermalink } from './permalink.ts';
import { buildRequest, type BuiltRequest } from './request.ts';
import { ResponseView } from './response.ts';
import { SamplesPanel } from './samples-panel.ts';
import { pageSandbox, type RunningSandbox } from './sandbox.ts';
import type { ConsoleSpec } from './spec.ts';
import { saveInputs, saveSendTarget, saveVariables, savedSendTarget, savedVariables } from './storage.ts';
import type { Destination, HttpReply, HttpTransport } from './transport.ts';
import { httpTransport } from './transport-http.ts';
import { validateInputs } from './validate.ts';
import { captureVariables } from './variables.ts';

/** Announced on the document when a call captured variables: later consoles fill their placeholders. */
const VARIABLES_EVENT = 'caravan-docs:console-variables';

let counter = 0;
let styled = false;

class TryItConsole {
  readonly spec: ConsoleSpec;
  readonly root: HTMLElement;
  readonly id: string;
  readonly storageKey: string;
  readonly form: RequestForm;
  readonly credentials: Credentials;
  readonly response: ResponseView;
  readonly samples: SamplesPanel;
  readonly changes: ChangesPanel;
  /** One transport per destination: "Send to" picks one. */
  readonly transports: Readonly<Record<Destination, HttpTransport>> = { sandbox: httpTransport('sandbox'), real: httpTransport('real') };
  readonly send = h('button', { type: 'submit', class: 'try-it-send', disabled: '' }, uiText('console.send'));
  readonly hint = h('span', { class: 'try-it-hint' }, 'Starting the sandbox…');
  readonly issuesBox = h('div', { class: 'try-it-issues', role: 'alert' });
  readonly permalink = h('a', { class: 'try-it-permalink', href: '#' }, uiText('console.permalink'));
  /** Where Send goes, when the site allows the real API. */
  sendTarget?: HTMLSelectElement;
  sandbox?: RunningSandbox;
  sending = false;

  /** `defaults`: the credential each scheme starts from; `owner`: the earlier console whose credential control this one uses. */
  constructor(root: HTMLElement, spec: ConsoleSpec, index: number, defaults: Readonly<Record<string, string>>, owner?: Credentials) {
    this.root = root;
    this.spec = spec;
    const id = (this.id = `try-${++counter}`);
    this.storageKey = `${location.pathname}#${index}:${spec.operationId}`;
    const update = () => this.update();
    this.form = new RequestForm({ spec, id, root, storageKey: this.storageKey, onChange: update });
    this.credentials = new Credentials({ spec, id, defaults, owner, storageKey: this.storageKey, onChange: update, onToken: () => this.useRealApi() });
    this.response = new ResponseView(root, id, spec, this.form);
    this.samples = new SamplesPanel(id, spec, update);
    this.changes = new ChangesPanel(id, () => this.resetSandbox());
    this.send.setAttribute('aria-describedby', `${id}-send-hint`);
    this.hint.id = `${id}-send-hint`;
  }

  mount(): void {
    const { spec, id } = this;
    const form = h('form', { class: 'try-it-form', novalidate: '' });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.sendRequest(false);
    });
    // Authentication: one control per scheme and starting credential on the page, in its first console.
    if (spec.security) form.append(this.credentials.element);
    form.append(...this.form.fieldsets());
    const targets: HTMLElement[] = [];
    if (spec.realApi) {
      const target = h('select', { id: `${id}-send-target` });
      target.append(h('option', { value: 'sandbox' }, 'the sandbox in your browser'), h('option', { value: 'real' }, `the real API (${spec.baseUrl})`));
      target.value = savedSendTarget();
      target.addEventListener('change', () => saveSendTarget(target.value === 'real' ? 'real' : 'sandbox'));
      targets.push(h('label', { for: target.id }, uiText('console.sendTo')), target);
      this.sendTarget = target;
    }
    form.append(h('div', { class: 'try-it-actions' }, ...targets, this.send, this.hint, this.permalink), this.issuesBox);
    const body = this.root.querySelector<HTMLElement>('[data-try-it-body]') ?? this.root;
    body.replaceChildren(form, this.response.element, this.samples.element, this.changes.element);
    this.root.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        void this.sendRequest(false);
      }
    });
    document.addEventListener(VARIABLES_EVENT, () => this.form.applyPlaceholders());
    this.form.restore();
    this.update();
  }

  /** A token from the provider's sign-in: Send goes to the real API. */
  useRealApi(): void {
    if (!this.sendTarget) return;
    this.sendTarget.value = 'real';
    saveSendTarget('real');
  }

  /** Refreshes samples and permalink, and remembers the inputs. */
  update(): void {
    const inputs = this.form.read();
    this.samples.show(buildRequest(this.spec, inputs, this.credentials.sent()));
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
    this.hint.textContent = uiText('console.sendHint');
  }

  failed(error: unknown): void {
    this.hint.textContent = uiText('console.sandboxFailed', { message: (error as Error).message });
  }

  async sendRequest(force: boolean): Promise<void> {
    if (!this.sandbox || this.sending) return;
    const inputs = this.form.read();
    this.form.clearIssues();
    this.issuesBox.replaceChildren();
    if (!force) {
      const issues = validateInputs(this.spec, inputs);
      if (issues.length > 0) {
        const fields = this.form.markFields(issues);
        const anyway = h('button', { type: 'button' }, uiText('console.sendAnyway'));
        anyway.addEventListener('click', () => void this.sendRequest(true));
        this.issuesBox.append(h('p', {}, issues.length === 1 ? uiText('console.oneProblem') : uiText('console.manyProblems', { count: issues.length })), anyway);
        fields[0]?.focus();
        return;
      }
    }
    const request = buildRequest(this.spec, inputs, this.credentials.sent());
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

  /** Sends through the chosen transport and shows the answer, what it changed in the sandbox, and the variables it captured. */
  async exchange(request: BuiltRequest): Promise<void> {
    const running = this.sandbox!;
    const transport = this.transports[this.sendTarget?.value === 'real' ? 'real' : 'sandbox'];
    const before = running.snapshot();
    let reply: HttpReply;
    try {
      reply = await transport.send(request);
    } catch (error) {
      this.response.failed(error, transport.destination);
      return;
    }
    this.response.show(reply, transport.destination, request.url);
    this.changes.show(transport.destination === 'real' ? undefined : diffSnapshots(before, running.snapshot()));
    if (reply.ok && Object.keys(this.spec.capture).length > 0) {
      try {
        const captured = captureVariables(this.spec.capture, JSON.parse(reply.text));
        saveVariables({ ...savedVariables(), ...captured });
        document.dispatchEvent(new CustomEvent(VARIABLES_EVENT));
      } catch {
        // Not JSON: nothing to carry over.
      }
    }
    this.root.setAttribute('data-duration', reply.duration.toFixed(2));
  }

  resetSandbox(): void {
    if (!this.sandbox) return;
    this.sandbox.reset();
    this.changes.reset();
    this.response.say(uiText('console.sandboxReset'));
  }
}

type PreparedSandbox = Awaited<ReturnType<typeof pageSandbox>>;

/** The credential each scheme of a console starts from: the first of its sandbox credentials the page's sandbox accepts for the operation, else the first declared, else ''. */
function startingCredentials(spec: ConsoleSpec, prepared: PreparedSandbox | undefined): Record<string, string> {
  const starts: Record<string, string> = {};
  for (const { scheme, sandbox: declared } of (spec.security ?? []).flat()) {
    if (Object.hasOwn(starts, scheme)) continue;
    const accepted = declared.length === 0 ? undefined : prepared?.sandbox.acceptedCredential(spec.operationId, declared.map(({ value }) => ({ scheme, value })));
    starts[scheme] = accepted?.value ?? declared[0]?.value ?? '';
  }
  return starts;
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
  const mount = (prepared: PreparedSandbox | undefined) => {
    // Consoles with one scheme and the same starting credential share one control: the first one's.
    const owners = new Map<string, Credentials>();
    return roots.map(({ root, spec }, index) => {
      const starts = startingCredentials(spec, prepared);
      const shared = Credentials.shareable(spec);
      const key = shared ? `${shared.scheme}\u0000${starts[shared.scheme]}` : undefined;
      const console = new TryItConsole(root, spec, index, starts, key === undefined ? undefined : owners.get(key));
      if (key !== undefined && !owners.has(key)) owners.set(key, console.credentials);
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
