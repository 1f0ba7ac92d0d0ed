/**
 * The message log of an event console, in place of the HTTP mode's response view: each frame
 * with its direction, its time and what it is (checked by frame-check.ts), newest last, in an
 * ARIA log. Bounded: the oldest entries go past `MAX_ENTRIES`, and a long frame shows its start.
 */
import { uiText } from '../../client/ui-text.ts';
import { enEventConsole } from '../../i18n/strings/en-event-console.ts';
import type { UiKey } from '../../i18n/strings/en.ts';
import { h } from '../dom.ts';
import type { Direction, FrameCheck } from './frame-check.ts';

const MAX_ENTRIES = 200;
const MAX_SHOWN_CHARACTERS = 20_000;

export const text = (key: UiKey, values?: Readonly<Record<string, string | number>>) => uiText(key, values, enEventConsole);

const pretty = (data: string): string => {
  const shown = data.length > MAX_SHOWN_CHARACTERS ? `${data.slice(0, MAX_SHOWN_CHARACTERS)}…` : data;
  try {
    return JSON.stringify(JSON.parse(data), null, 2);
  } catch {
    return shown;
  }
};

function verdict(check: FrameCheck): { label: string; state: string; details: string[] } {
  switch (check.state) {
    case 'valid':
      return { label: text('eventConsole.valid', { message: check.message }), state: 'valid', details: [] };
    case 'error':
      return { label: text('eventConsole.sandboxError', { code: check.code }), state: 'error', details: check.text ? [check.text] : [] };
    case 'unchecked':
      return { label: text('eventConsole.unchecked'), state: 'unchecked', details: [] };
    case 'invalid': {
      const problems = (check.mismatch?.problems ?? []).map((problem) => `${problem.pointer || '/'} ${problem.detail}`);
      const label = check.mismatch ? text('eventConsole.invalidFor', { message: check.mismatch.message }) : text('eventConsole.noMatch');
      return { label, state: 'invalid', details: problems };
    }
  }
}

export class MessageLog {
  readonly list = h('ol', { class: 'event-log' });
  readonly empty = h('p', { class: 'try-it-hint' }, text('eventConsole.empty'));
  readonly element: HTMLElement;

  constructor(id: string) {
    const clear = h('button', { type: 'button', class: 'event-log-clear' }, text('eventConsole.clear'));
    clear.addEventListener('click', () => this.clear());
    // An ARIA log (announced politely as frames arrive) around the list, which keeps its list semantics.
    this.element = h('div', { class: 'event-log-frame' }, h('div', { class: 'event-log-head' }, h('div', { class: 'try-it-heading', id: `${id}-log` }, text('eventConsole.log')), clear), this.empty, h('div', { role: 'log', 'aria-labelledby': `${id}-log` }, this.list));
  }

  add(direction: Direction, data: string, check: FrameCheck, at: Date = new Date()): void {
    const { label, state, details } = verdict(check);
    const time = at.toISOString().slice(11, 23);
    const entry = h(
      'li',
      { class: `event-frame event-frame-${direction}`, 'data-direction': direction, 'data-check': state },
      h('p', { class: 'event-frame-head' }, h('span', { class: 'event-frame-direction' }, `${direction === 'sent' ? '↑' : '↓'} ${text(direction === 'sent' ? 'eventConsole.sent' : 'eventConsole.received')}`), ' ', h('time', { datetime: at.toISOString() }, time), ' ', h('span', { class: `event-frame-check is-${state}` }, label)),
      ...(details.length > 0 ? [h('ul', { class: 'event-frame-problems' }, ...details.map((detail) => h('li', {}, detail)))] : []),
      h('pre', { class: 'event-frame-data' }, h('code', {}, pretty(data))),
    );
    this.list.append(entry);
    while (this.list.childElementCount > MAX_ENTRIES) this.list.firstElementChild!.remove();
    this.empty.hidden = true;
  }

  clear(): void {
    this.list.replaceChildren();
    this.empty.hidden = false;
  }
}
