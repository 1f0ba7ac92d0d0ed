/**
 * The request form of a console: an input per path, query and header parameter, and the body
 * (its top-level scalar fields, kept in sync with a JSON editor); where the inputs start from (a
 * permalink, the tab's last visit, the author's presets with `$name` placeholders filled), and
 * each problem shown at its field.
 */
import type { ResolvedSchema } from '../openapi/types.ts';
import { uiText } from '../client/ui-text.ts';
import { h, labelled, type Field } from './dom.ts';
import { control, limitsText, mainType, scalarProperties } from './inputs.ts';
import { decodePermalink } from './permalink.ts';
import type { ConsoleInputs } from './request.ts';
import type { ConsoleParameter, ConsoleSpec } from './spec.ts';
import { savedInputs, savedVariables } from './storage.ts';
import type { InputIssue } from './validate.ts';
import { fillPlaceholders, hasPlaceholder } from './variables.ts';

export interface RequestFormOptions {
  spec: ConsoleSpec;
  /** Prefix of the inputs' ids (the console's id). */
  id: string;
  /** The console's element: a permalink scrolls it into view and marks it as the one it filled. */
  root: HTMLElement;
  /** Where the tab remembers this console's inputs. */
  storageKey: string;
  /** Every change of an input (samples, permalink and memory follow it). */
  onChange: () => void;
}

const LOCATIONS = [
  ['path', 'console.pathParameters'],
  ['query', 'console.queryParameters'],
  ['header', 'console.headers'],
] as const;

export class RequestForm {
  readonly options: RequestFormOptions;
  readonly paramFields = new Map<string, Field>();
  readonly bodyFields = new Map<string, Field>();
  readonly errorSlots = new Map<Field, HTMLElement>();
  /** Inputs the reader edited (parameter names, `$body`): placeholders filled later leave them alone. */
  readonly touched = new Set<string>();
  bodyEditor?: HTMLTextAreaElement;

  constructor(options: RequestFormOptions) {
    this.options = options;
  }

  /** The fieldsets: path, query and header parameters, then the body. */
  fieldsets(): HTMLElement[] {
    const { spec, id } = this.options;
    const fieldsets: HTMLElement[] = [];
    for (const [location, legend] of LOCATIONS) {
      const parameters = spec.parameters.filter((parameter) => parameter.in === location);
      if (parameters.length > 0) fieldsets.push(h('fieldset', {}, h('legend', {}, uiText(legend)), ...parameters.map((parameter) => this.parameterField(parameter))));
    }
    if (spec.body === undefined) return fieldsets;
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
    fieldsets.push(fieldset);
    return fieldsets;
  }

  wrapField(field: Field, label: string, hint?: string, description?: unknown): HTMLElement {
    const error = h('p', { class: 'try-it-error', id: `${field.id}-error`, hidden: '' });
    this.errorSlots.set(field, error);
    const hintText = [typeof description === 'string' ? description : '', hint ?? ''].filter(Boolean).join(' · ');
    const hintElement = hintText ? h('p', { class: 'try-it-hint', id: `${field.id}-hint` }, hintText) : undefined;
    field.setAttribute('aria-describedby', [hintElement ? `${field.id}-hint` : '', error.id].filter(Boolean).join(' '));
    return labelled(label, field, ...(hintElement ? [hintElement] : []), error);
  }

  parameterField(parameter: ConsoleParameter): HTMLElement {
    const field = control(parameter.schema, `${this.options.id}-${parameter.in}-${parameter.name}`, parameter.name, parameter.required);
    this.paramFields.set(parameter.name, field);
    field.addEventListener(field instanceof HTMLSelectElement ? 'change' : 'input', () => {
      this.touched.add(parameter.name);
      this.options.onChange();
    });
    return this.wrapField(field, parameter.required ? uiText('console.required', { name: parameter.name }) : parameter.name, limitsText(parameter.schema), parameter.description);
  }

  read(): ConsoleInputs {
    const params: Record<string, string> = {};
    for (const [name, field] of this.paramFields) params[name] = field.value;
    return { params, bodyText: this.bodyEditor?.value ?? '' };
  }

  write(inputs: ConsoleInputs): void {
    for (const [name, field] of this.paramFields) field.value = inputs.params[name] ?? '';
    if (this.bodyEditor) {
      this.bodyEditor.value = inputs.bodyText;
      this.bodyEditorChanged(false);
    }
  }

  /** Inputs from a permalink for this operation, else from this tab's last visit, else the author's presets. */
  restore(): void {
    const { spec, root, storageKey } = this.options;
    const link = decodePermalink(location.hash);
    const fromLink = link?.operationId === spec.operationId && !document.querySelector(`[data-try-it-linked="${spec.operationId}"]`);
    if (fromLink) {
      root.setAttribute('data-try-it-linked', spec.operationId);
      this.write(link.inputs);
      for (const name of this.paramFields.keys()) this.touched.add(name);
      this.touched.add('$body');
      root.scrollIntoView({ block: 'start' });
      return;
    }
    const saved = savedInputs(storageKey);
    if (saved) this.write(saved);
    else this.applyPlaceholders(true);
  }

  /** Fills `$name` placeholders of the presets in every input the reader has not edited. */
  applyPlaceholders(initial = false): void {
    const { spec } = this.options;
    const variables = savedVariables();
    for (const [name, field] of this.paramFields) {
      const preset = spec.params[name] ?? '';
      if (this.touched.has(name) || (!initial && !hasPlaceholder(preset))) continue;
      const value = fillPlaceholders(preset, variables);
      const unresolved = hasPlaceholder(value);
      field.value = unresolved ? '' : value;
      if (field instanceof HTMLInputElement) field.placeholder = unresolved ? `${preset} (from an earlier step)` : '';
    }
    if (this.bodyEditor && spec.bodyText !== undefined && !this.touched.has('$body') && (initial || hasPlaceholder(spec.bodyText))) {
      this.bodyEditor.value = fillPlaceholders(spec.bodyText, variables);
      this.bodyEditorChanged(false);
    }
    if (!initial) this.options.onChange();
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
    if (refresh) this.options.onChange();
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
    this.options.onChange();
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
  }

  /** Shows each problem (before sending, or in the sandbox's problem+json) at its field; returns the fields in order. */
  markFields(issues: readonly InputIssue[]): Field[] {
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
    return this.options.root.querySelector(`label[for="${field.id}"]`)?.textContent ?? field.id;
  }
}
