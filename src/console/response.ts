/**
 * The response view of the HTTP mode: the status with the description's meaning of it
 * (announced by a live region), who answered, the headers, the body pretty-printed, and each
 * item of a problem+json `errors` list linked to its field in the form. The WebSocket mode's
 * message log takes its place there (see transport.ts).
 */
import { uiText } from '../client/ui-text.ts';
import { h } from './dom.ts';
import type { RequestForm } from './form.ts';
import type { ConsoleSpec } from './spec.ts';
import { STATUS_TEXT, statusMeaning } from './status-text.ts';
import type { Destination, HttpReply } from './transport.ts';
import type { InputIssue } from './validate.ts';

const pretty = (text: string): string => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

/** The `errors` of a problem+json body as issues at the form's fields (a `/pointer` into the body, else a parameter's name). */
function problemIssues(text: string): InputIssue[] {
  let errors: Array<{ pointer?: unknown; detail?: unknown }> = [];
  try {
    const problem = JSON.parse(text) as { errors?: unknown };
    if (Array.isArray(problem.errors)) errors = problem.errors;
  } catch {
    // Not JSON after all.
  }
  return errors.map((error) => {
    const pointer = String(error.pointer ?? '');
    const target: InputIssue['target'] = pointer.startsWith('/') ? { kind: 'body', pointer } : pointer === '' ? { kind: 'body', pointer: '' } : { kind: 'param', name: pointer };
    return { target, detail: String(error.detail ?? '') };
  });
}

export class ResponseView {
  readonly root: HTMLElement;
  readonly spec: Pick<ConsoleSpec, 'statuses' | 'body'>;
  readonly form: RequestForm;
  /** The status line, a live region. */
  readonly live = h('p', { class: 'try-it-status', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  readonly answeredBy = h('p', { class: 'try-it-hint', 'data-answered-by': '' });
  readonly body = h('div', { class: 'try-it-response-body' });
  readonly element: HTMLElement;

  constructor(root: HTMLElement, id: string, spec: Pick<ConsoleSpec, 'statuses' | 'body'>, form: RequestForm) {
    this.root = root;
    this.spec = spec;
    this.form = form;
    this.element = h('div', { class: 'try-it-response', role: 'group', 'aria-labelledby': `${id}-response` }, h('div', { class: 'try-it-heading', id: `${id}-response` }, uiText('console.response')), this.live, this.answeredBy, this.body);
  }

  /** Says something in the status line (the sandbox was reset). */
  say(text: string): void {
    this.live.textContent = text;
  }

  failed(error: unknown, destination: Destination): void {
    const message = (error as Error).message;
    this.live.textContent = destination === 'real' ? uiText('console.realApiFailed', { message }) : uiText('console.requestFailed', { message });
    this.answeredBy.textContent = '';
  }

  show(reply: HttpReply, destination: Destination, url: string): void {
    const reason = STATUS_TEXT[reply.status] ?? '';
    const meaning = statusMeaning(reply.status, this.spec.statuses);
    this.root.setAttribute('data-status', String(reply.status));
    this.live.textContent = `${reply.status} ${reason}${meaning && meaning !== reason ? ` - ${meaning}` : ''} · ${Math.max(1, Math.round(reply.duration))} ms`;
    this.live.className = `try-it-status ${reply.ok ? 'is-ok' : 'is-error'}`;
    const headers = h('dl', { class: 'try-it-headers' });
    for (const [name, value] of reply.headers) headers.append(h('dt', {}, name), h('dd', {}, value));
    const nodes: Node[] = [
      h('details', {}, h('summary', {}, uiText('console.headers')), headers),
      h('pre', { class: 'try-it-json-out', tabindex: '0', role: 'group', 'aria-label': uiText('console.responseBody') }, h('code', {}, pretty(reply.text) || uiText('console.emptyBody'))),
    ];
    const contentType = reply.headers.find(([name]) => name === 'content-type')?.[1] ?? '';
    if (contentType.includes('problem+json')) nodes.push(...this.problems(problemIssues(reply.text)));
    this.body.replaceChildren(...nodes);
    this.answeredBy.textContent = destination === 'real' ? uiText('console.answeredByRealApi', { host: new URL(url).host }) : uiText('console.answeredBySandbox');
  }

  /** The sandbox's problems, each linked to its field and marked there. */
  problems(issues: InputIssue[]): Node[] {
    if (issues.length === 0) return [];
    const { form } = this;
    // An operation without a body has no field for a body problem.
    const shown = issues.filter((issue) => !(this.spec.body === undefined && issue.target.kind === 'body'));
    const list = h('ul', { class: 'try-it-problems' });
    for (const issue of issues) {
      const field = shown.includes(issue) ? form.fieldFor(issue.target) : undefined;
      const where = issue.target.kind === 'param' ? issue.target.name : issue.target.pointer;
      const item = h('li', {}, h('code', {}, where), ` ${issue.detail}`);
      if (field) {
        const link = h('a', { href: `#${field.id}` }, uiText('console.goTo', { name: form.fieldLabel(field) }));
        link.addEventListener('click', (event) => {
          event.preventDefault();
          field.focus();
        });
        item.append(' ', link);
      }
      list.append(item);
    }
    form.markFields(shown);
    return [h('p', {}, 'Problems the sandbox reported:'), list];
  }
}
