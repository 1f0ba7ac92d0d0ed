/**
 * The sandbox panel: what the last call changed in the sandbox's store (records added, removed,
 * changed field by field; diff.ts compares the snapshots), and "Reset sandbox".
 */
import { uiText } from '../client/ui-text.ts';
import type { RecordChange } from './diff.ts';
import { h } from './dom.ts';

const formatValue = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value));

export class ChangesPanel {
  readonly box = h('div', { class: 'try-it-changes' }, h('p', {}, uiText('console.noCallYet')));
  readonly element: HTMLElement;

  constructor(id: string, onReset: () => void) {
    const reset = h('button', { type: 'button', class: 'try-it-reset' }, uiText('console.resetSandbox'));
    reset.addEventListener('click', onReset);
    this.element = h('div', { class: 'try-it-sandbox', role: 'group', 'aria-labelledby': `${id}-sandbox` }, h('div', { class: 'try-it-heading', id: `${id}-sandbox` }, uiText('console.sandboxChanges')), this.box, reset);
  }

  /** The last call's changes; `undefined` when it went to the real API. */
  show(changes: RecordChange[] | undefined): void {
    if (changes === undefined) {
      this.box.replaceChildren(h('p', {}, 'The last call went to the real API; the sandbox did not change.'));
      return;
    }
    if (changes.length === 0) {
      this.box.replaceChildren(h('p', {}, uiText('console.nothingChanged')));
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
    this.box.replaceChildren(h('p', {}, 'The last call changed:'), list);
  }

  /** The sandbox went back to its seed data. */
  reset(): void {
    this.box.replaceChildren(h('p', {}, uiText('console.sandboxBack')));
  }
}
