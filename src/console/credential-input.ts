/**
 * The input of one security scheme's credential, labelled by what it is: a picker of the
 * sandbox's credentials for the scheme whose "Other…" reveals a free entry (a token, a key, or a
 * username and a password), or the free entry alone when the site declares none; a hint saying
 * where the credential goes; and, for OAuth 2 and OpenID Connect in real-API mode, the "Get a
 * token" panel. What the reader chooses is kept for the tab per scheme and starting credential,
 * and every input of the page with the same pair follows it.
 */
import { uiText } from '../client/ui-text.ts';
import { h, labelled } from './dom.ts';
import { oauthDetails } from './oauth-details.ts';
import type { ConsoleCredential } from './spec.ts';
import { saveCredential, savedCredential } from './storage.ts';

/** Announced on the document when a credential changes: `{ scheme, fallback }`. */
export const CREDENTIAL_EVENT = 'caravan-docs:console-credential';

/** The value of the picker's "Other…" entry (sandbox credentials are never empty). */
const OTHER = '';

export interface SchemeInputOptions {
  credential: ConsoleCredential;
  /** The credential it starts from (the first sandbox credential the sandbox accepts for the operation, or ''). */
  fallback: string;
  /** Prefix of the inputs' ids. */
  id: string;
  /** The site lets readers send to the real API: OAuth schemes get the "Get a token" panel. */
  realApi: boolean;
  /** Ends the input's listeners on the document (when another alternative replaces it). */
  signal: AbortSignal;
  /** Appended to the hint (the owner of a page's control says that later consoles use it). */
  hintTail?: Node;
  /** Every change, once saved and announced. */
  onChange: () => void;
  /** A token from the provider's sign-in arrived (it is the credential now). */
  onToken: () => void;
}

/** The picker's label and the free entry's (its first input: the token, the key, the username). */
function labels(credential: ConsoleCredential, picked: boolean): { picker: string; entry: string } {
  switch (credential.kind) {
    case 'bearer':
      return { picker: uiText('console.bearerToken'), entry: uiText(picked ? 'console.yourToken' : 'console.bearerToken') };
    case 'basic':
      return { picker: uiText('console.credentials'), entry: uiText('console.username') };
    case 'apiKey': {
      const label = uiText('console.apiKey', { where: credential.in ?? '', name: credential.name ?? '' });
      return { picker: label, entry: picked ? uiText('console.yourKey') : label };
    }
  }
}

/** Where the credential goes, for the hint. */
function placement(credential: ConsoleCredential): string {
  if (credential.kind !== 'apiKey') return uiText(credential.kind === 'basic' ? 'console.sentAsBasic' : 'console.sentAsBearer');
  const where = uiText('console.sentInApiKey', { where: credential.in ?? '', name: credential.name ?? '' });
  // fetch() drops a Cookie header: a page cannot send a cookie to another site.
  return credential.in === 'cookie' ? `${where} ${uiText('console.cookieNotSent')}` : where;
}

export class SchemeInput {
  readonly options: SchemeInputOptions;
  /** The nodes to put in the credential fieldset. */
  readonly nodes: HTMLElement[] = [];
  readonly token: HTMLInputElement;
  password?: HTMLInputElement;
  picker?: HTMLSelectElement;
  /** The free entry behind the picker's "Other…", shown only when it is chosen. */
  otherEntry?: HTMLElement;

  constructor(options: SchemeInputOptions) {
    this.options = options;
    const { credential, id, realApi, signal } = options;
    const picked = credential.sandbox.length > 0;
    const text = labels(credential, picked);
    const input = (suffix: string, type = 'text') => h('input', { id: `${id}-${suffix}`, type, autocomplete: 'off', spellcheck: 'false', 'aria-describedby': `${id}-token-hint` });
    if (picked) {
      const picker = h('select', { id: `${id}-token-picker`, 'aria-describedby': `${id}-token-hint` });
      picker.append(...credential.sandbox.map((entry) => h('option', { value: entry.value }, entry.label ?? entry.value)), h('option', { value: OTHER }, uiText('console.other')));
      picker.addEventListener('change', () => {
        if (picker.value === OTHER) {
          this.write('');
          this.showOtherEntry();
          this.token.focus();
        } else this.write(picker.value);
        this.changed();
      });
      this.picker = picker;
      this.nodes.push(labelled(text.picker, picker));
    }
    this.token = input('token');
    this.token.addEventListener('input', () => this.changed());
    const entry = h('div', { class: 'try-it-other-credential' }, labelled(text.entry, this.token));
    if (credential.kind === 'basic') {
      this.password = input('password', 'password');
      entry.append(labelled(uiText('console.password'), this.password));
      this.password.addEventListener('input', () => this.changed());
    }
    if (picked) this.otherEntry = entry;
    this.nodes.push(entry, h('p', { class: 'try-it-hint', id: `${id}-token-hint` }, `${placement(credential)} ${uiText('console.keptForTab')}`, ...(options.hintTail ? [options.hintTail] : [])));
    this.write(savedCredential(credential.scheme, options.fallback));
    this.showOtherEntry();
    if (credential.oauth && realApi) this.nodes.push(oauthDetails(credential, id, (token) => this.useToken(token)));
    document.addEventListener(CREDENTIAL_EVENT, (event) => {
      const { scheme, fallback } = (event as CustomEvent<{ scheme: string; fallback: string }>).detail;
      if (scheme !== credential.scheme || fallback !== options.fallback || this.focused()) return;
      this.write(savedCredential(scheme, fallback));
      options.onChange();
    }, { signal });
  }

  /** The credential as typed: the token or key, or `user:password` (empty when nothing is typed). */
  value(): string {
    if (!this.password) return this.token.value;
    return this.token.value === '' && this.password.value === '' ? '' : `${this.token.value}:${this.password.value}`;
  }

  /** The chosen sandbox credential's label; undefined for the reader's own. */
  label(): string | undefined {
    const value = this.value();
    return this.options.credential.sandbox.find((item) => item.value === value)?.label;
  }

  focus(): void {
    (this.picker ?? this.token).focus();
  }

  focused(): boolean {
    return document.activeElement === this.token || (this.password !== undefined && document.activeElement === this.password);
  }

  write(value: string): void {
    if (this.password) {
      const colon = value.indexOf(':');
      this.token.value = colon < 0 ? value : value.slice(0, colon);
      this.password.value = colon < 0 ? '' : value.slice(colon + 1);
    } else this.token.value = value;
    this.syncPicker();
  }

  /** The free entry shows when the credential is none of the sandbox's ("Other…"). */
  showOtherEntry(): void {
    if (this.otherEntry && this.picker) this.otherEntry.hidden = this.picker.value !== OTHER;
  }

  syncPicker(): void {
    if (!this.picker || this.focused()) return;
    const value = this.value();
    this.picker.value = this.options.credential.sandbox.some((entry) => entry.value === value) ? value : OTHER;
  }

  /** A token from the provider: it becomes the reader's own credential. */
  useToken(token: string): void {
    this.write(token);
    if (this.picker) this.picker.value = OTHER;
    this.showOtherEntry();
    this.options.onToken();
    this.changed();
  }

  /** The reader changed it: kept for the tab, and every input of the page with the same scheme and start follows. */
  changed(): void {
    this.syncPicker();
    const { credential, fallback } = this.options;
    saveCredential(credential.scheme, fallback, this.value());
    document.dispatchEvent(new CustomEvent(CREDENTIAL_EVENT, { detail: { scheme: credential.scheme, fallback } }));
    this.options.onChange();
  }
}
