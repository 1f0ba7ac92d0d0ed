/**
 * The console of an event API's operation (the WebSocket mode): connect to the operation's
 * channel, on the page's event sandbox or on the real server when the site allows it, send a
 * message built from the description's examples (operations the reader sends), have the sandbox
 * send one (operations the API sends on its own), and read every frame in a log, each checked
 * against the channel's messages. The page gives the API's key and the operation
 * (EventConsole.astro); the rest comes from the API's sandbox module, loaded on first use.
 */
import { h, labelled } from '../dom.ts';
import type { Destination } from '../transport.ts';
import type { EventRuntimeOperation } from '../../sandbox/core/events/types.ts';
import { channelUrl, checkFrame, operationsAt, withoutVariables } from './frame-check.ts';
import { pageEventSandbox, type PageEventSandbox } from './event-sandbox.ts';
import { MessageLog, text } from './message-log.ts';
import { webSocketTransport, type WebSocketTransport } from './transport-ws.ts';
import css from './event-console.css?inline';

/** What EventConsole.astro puts in the page. */
export interface EventConsoleSpec {
  /** The API's sandbox key, `<version>~<id>`. */
  key: string;
  operation: string;
  /** The site lets readers connect to the real servers too (`api.sendToRealApi`). */
  realApi: boolean;
  /** An API key the servers take in the query (a browser's WebSocket sends no other credential). */
  queryCredential?: string | undefined;
  /** The channel's parameters filled as the page's samples fill them. */
  parameters?: Record<string, string> | undefined;
}

const SANDBOX = 'sandbox';

function addStyles(): void {
  if (document.querySelector('style[data-event-console-styles]')) return;
  document.head.append(h('style', { 'data-event-console-styles': '' }, css));
}

class EventConsole {
  readonly log: MessageLog;
  readonly status = h('p', { class: 'try-it-status', role: 'status', 'aria-live': 'polite' });
  readonly connectButton = h('button', { type: 'button', class: 'try-it-send' }, text('eventConsole.connect'));
  readonly target = h('select', {});
  readonly parameters = new Map<string, HTMLInputElement | HTMLSelectElement>();
  readonly credential: HTMLInputElement | undefined = undefined;
  transport: WebSocketTransport | undefined;
  /** The address the open connection is at (what frames are checked against). */
  path = '';

  readonly spec: EventConsoleSpec;
  readonly sandbox: PageEventSandbox;
  readonly operation: EventRuntimeOperation;

  constructor(root: HTMLElement, spec: EventConsoleSpec, sandbox: PageEventSandbox, operation: EventRuntimeOperation) {
    this.spec = spec;
    this.sandbox = sandbox;
    this.operation = operation;
    const id = `${root.id || 'event-console'}-${spec.operation}`.replace(/[^\w-]/g, '-');
    this.log = new MessageLog(id);
    const servers = sandbox.module.api.servers;
    this.target.id = `${id}-target`;
    this.target.append(h('option', { value: SANDBOX }, `${text('eventConsole.sandbox')} (${servers[0]!.url})`));
    if (spec.realApi) for (const server of servers) this.target.append(h('option', { value: server.url }, server.url));
    const connection = h('fieldset', {}, h('legend', {}, text('eventConsole.connection')));
    if (spec.realApi) connection.append(labelled(text('eventConsole.connectTo'), this.target));
    for (const parameter of operation.parameters) {
      const value = spec.parameters?.[parameter.name] ?? parameter.name;
      const field = parameter.enum ? h('select', { id: `${id}-param-${parameter.name}` }, ...parameter.enum.map((option) => h('option', { value: option, ...(option === value ? { selected: '' } : {}) }, option))) : h('input', { id: `${id}-param-${parameter.name}`, type: 'text', value, spellcheck: 'false' });
      this.parameters.set(parameter.name, field);
      connection.append(labelled(parameter.name, field));
    }
    if (spec.queryCredential && spec.realApi) {
      this.credential = h('input', { id: `${id}-credential`, type: 'password', autocomplete: 'off', spellcheck: 'false' });
      const row = labelled(text('eventConsole.queryCredential', { name: spec.queryCredential }), this.credential);
      row.hidden = true;
      this.target.addEventListener('change', () => (row.hidden = this.target.value === SANDBOX));
      connection.append(row);
    }
    this.target.addEventListener('change', () => this.disconnect());
    this.connectButton.addEventListener('click', () => void (this.transport?.connected ? this.disconnect() : this.connect()));
    connection.append(h('div', { class: 'try-it-actions' }, this.connectButton), this.status);
    root.replaceChildren(connection, ...(operation.action === 'send' ? [this.composer(id)] : [this.emitter()]), this.log.element);
  }

  get destination(): Destination {
    return this.target.value === SANDBOX ? 'sandbox' : 'real';
  }

  /** Where to connect: the channel's address (parameters filled) on the chosen server, the credential in the query. */
  address(): { url: string; path: string } {
    const server = withoutVariables(this.destination === 'sandbox' ? this.sandbox.module.api.servers[0]!.url : this.target.value);
    const values = Object.fromEntries([...this.parameters].map(([name, field]) => [name, field.value]));
    const path = channelUrl('', this.operation.address, values);
    const url = new URL(channelUrl(server, this.operation.address, values));
    if (this.credential?.value && this.destination === 'real') url.searchParams.set(this.spec.queryCredential!, this.credential.value);
    return { url: url.href, path };
  }

  async connect(): Promise<boolean> {
    let where: { url: string; path: string };
    try {
      where = this.address();
    } catch (error) {
      this.status.textContent = text('eventConsole.failed', { reason: (error as Error).message });
      return false;
    }
    const { url, path } = where;
    const shown = url.replace(/([?&][^=&]+=)[^&]*/g, '$1…');
    const destination = this.destination;
    this.sandbox.intercept(destination === 'sandbox');
    const transport = webSocketTransport(destination);
    this.transport = transport;
    this.path = path;
    this.status.textContent = text('eventConsole.connecting', { url: shown });
    try {
      await transport.connect(url, {
        frame: (data) => this.log.add('received', data, checkFrame(operationsAt(this.sandbox.module.api, this.path), this.sandbox.module.validators, 'received', data)),
        closed: (code, reason) => {
          if (this.transport !== transport) return;
          this.transport = undefined;
          this.connectButton.textContent = text('eventConsole.connect');
          this.status.textContent = reason ? text('eventConsole.closedReason', { code, reason }) : text('eventConsole.closed', { code });
        },
      });
    } catch (error) {
      if (this.transport === transport) this.transport = undefined;
      this.status.textContent = text('eventConsole.failed', { reason: (error as Error).message });
      return false;
    }
    this.connectButton.textContent = text('eventConsole.disconnect');
    this.status.textContent = destination === 'sandbox' ? text('eventConsole.connectedSandbox', { url: shown }) : text('eventConsole.connected', { url: shown });
    return true;
  }

  disconnect(): void {
    this.transport?.close();
  }

  async ensureConnected(): Promise<boolean> {
    return this.transport?.connected === true || this.connect();
  }

  /** An operation the reader sends: a message (from the description's examples) to edit and send. */
  composer(id: string): HTMLElement {
    const examples = this.operation.messages.flatMap((message) => message.examples.map((example, index) => ({ label: message.examples.length > 1 ? `${message.id} ${index + 1}` : message.id, data: message.json || typeof example !== 'string' ? JSON.stringify(example, null, 2) : example })));
    const editor = h('textarea', { id: `${id}-message`, rows: '8', spellcheck: 'false' });
    editor.value = examples[0]?.data ?? '';
    const fieldset = h('fieldset', {}, h('legend', {}, text('eventConsole.message')));
    if (examples.length > 1) {
      const choice = h('select', { id: `${id}-example` }, ...examples.map((example, index) => h('option', { value: String(index) }, example.label)));
      choice.addEventListener('change', () => (editor.value = examples[Number(choice.value)]!.data));
      fieldset.append(labelled(text('eventConsole.example'), choice));
    }
    const send = h('button', { type: 'button', class: 'try-it-send' }, text('eventConsole.send'));
    const sendMessage = async () => {
      if (!(await this.ensureConnected())) return;
      const data = editor.value;
      this.log.add('sent', data, checkFrame(operationsAt(this.sandbox.module.api, this.path), this.sandbox.module.validators, 'sent', data));
      await this.transport!.send(data).catch((error: unknown) => (this.status.textContent = text('eventConsole.failed', { reason: (error as Error).message })));
    };
    send.addEventListener('click', () => void sendMessage());
    editor.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        void sendMessage();
      }
    });
    fieldset.append(labelled(text('eventConsole.message'), editor), h('div', { class: 'try-it-actions' }, send), h('p', { class: 'try-it-hint' }, text('eventConsole.sendHint')));
    return fieldset;
  }

  /** An operation the API sends on its own: the sandbox sends one of its messages when asked. */
  emitter(): HTMLElement {
    const messages = this.operation.messages.filter((message) => message.examples.length > 0);
    const hint = h('p', { class: 'try-it-hint' }, text('eventConsole.emitHint'));
    const buttons = messages.map((message) => {
      const button = h('button', { type: 'button' }, text('eventConsole.emit', { message: message.id }));
      button.addEventListener('click', async () => {
        if (!(await this.ensureConnected())) return;
        this.sandbox.running.emit(this.operation.id, { message: message.id });
      });
      return button;
    });
    this.target.addEventListener('change', () => {
      const real = this.destination === 'real';
      for (const button of buttons) button.disabled = real;
      hint.textContent = text(real ? 'eventConsole.emitRealHint' : 'eventConsole.emitHint');
    });
    return h('fieldset', {}, h('legend', {}, text('eventConsole.message')), h('div', { class: 'try-it-actions' }, ...buttons), hint);
  }
}

/** Mounts every event console of the page (once each). */
export async function mountAll(): Promise<void> {
  addStyles();
  for (const root of document.querySelectorAll<HTMLElement>('[data-event-console]:not([data-mounted])')) {
    root.setAttribute('data-mounted', '');
    const spec = JSON.parse(root.querySelector('script[type="application/json"]')?.textContent ?? '{}') as EventConsoleSpec;
    const body = root.querySelector<HTMLElement>('[data-event-console-body]')!;
    try {
      const sandbox = await pageEventSandbox(spec.key);
      const operation = sandbox.module.api.operations.find((candidate) => candidate.id === spec.operation);
      if (!operation) throw new Error(`the sandbox has no operation ${spec.operation}`);
      new EventConsole(body, spec, sandbox, operation);
      body.classList.remove('try-it-placeholder');
    } catch (error) {
      body.replaceChildren(h('p', { class: 'try-it-error' }, text('eventConsole.unavailable', { reason: (error as Error).message })));
    }
  }
}
