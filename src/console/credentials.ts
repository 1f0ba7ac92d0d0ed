/**
 * The credentials part of a console. An operation's `security` lists alternatives, each needing
 * all its schemes at once: with several, the reader picks one in a select (the first to start
 * with, then the one last chosen for this console in the tab), and gets the inputs of its
 * schemes (credential-input.ts), each labelled by what it is.
 *
 * A console with a single alternative of a single scheme shares its control with the page: the
 * first console of that scheme and starting credential holds it, and each later one shows a line
 * saying what it sends, with a "Change" button leading to the control.
 */
import { uiText } from '../client/ui-text.ts';
import { CREDENTIAL_EVENT, SchemeInput } from './credential-input.ts';
import { h, labelled } from './dom.ts';
import type { SentCredential } from './request.ts';
import type { ConsoleAlternative, ConsoleCredential, ConsoleSpec } from './spec.ts';
import { oauthRedirectScheme, saveAlternative, savedAlternative } from './storage.ts';

export interface CredentialsOptions {
  spec: Pick<ConsoleSpec, 'security' | 'realApi'>;
  /** Prefix of the inputs' ids (the console's id). */
  id: string;
  /** The credential each scheme starts from, by scheme key (the first the sandbox accepts, or ''). */
  defaults: Readonly<Record<string, string>>;
  /** The earlier console of the page whose control this one uses. */
  owner?: Credentials | undefined;
  /** Where the tab remembers the alternative chosen in this console. */
  storageKey: string;
  /** Every change of the credential or the alternative. */
  onChange: () => void;
  /** A token from the provider's sign-in arrived: Send goes to the real API. */
  onToken: () => void;
}

/** What an alternative is called in the select: its schemes by kind, each with its key. */
function alternativeLabel(alternative: ConsoleAlternative): string {
  if (alternative.length === 0) return uiText('console.viaNone');
  return alternative.map((credential) => `${schemeLabel(credential)} (${credential.scheme})`).join(' + ');
}

function schemeLabel(credential: ConsoleCredential): string {
  if (credential.kind === 'basic') return uiText('console.viaBasic');
  if (credential.kind === 'apiKey') return uiText('console.viaApiKey', { where: credential.in ?? '', name: credential.name ?? '' });
  return uiText(credential.issuer === 'oauth2' ? 'console.viaOAuth' : credential.issuer === 'openIdConnect' ? 'console.viaOpenIdConnect' : 'console.viaBearer');
}

const alternativeKey = (alternative: ConsoleAlternative) => alternative.map(({ scheme }) => scheme).join(' ');

/** The alternative to start from: the one a sign-in in this tab came back for, else the one last chosen here, else the first. */
function initialAlternative(alternatives: readonly ConsoleAlternative[], storageKey: string): number {
  const redirected = oauthRedirectScheme();
  const back = alternatives.findIndex((alternative) => alternative.some(({ scheme }) => scheme === redirected));
  if (back >= 0) return back;
  const saved = savedAlternative(storageKey);
  return Math.max(0, alternatives.findIndex((alternative) => alternativeKey(alternative) === saved));
}

export class Credentials {
  readonly options: CredentialsOptions;
  /** The fieldset, or on a later console of a shared control, the line that stands for it. */
  readonly element: HTMLElement;
  /** On the console holding a shared control: says so once a later console uses it. */
  readonly sharedHint = h('span', {});
  /** The inputs of the chosen alternative's schemes. */
  inputs: SchemeInput[] = [];
  sharedNote?: HTMLElement;
  listeners?: AbortController;

  constructor(options: CredentialsOptions) {
    this.options = options;
    this.element = options.owner ? this.sharedLine(options.owner) : this.fieldset();
  }

  /** Whether a console with this spec shares one control with the page's others: one alternative, one scheme. */
  static shareable(spec: Pick<ConsoleSpec, 'security'>): ConsoleCredential | undefined {
    const only = spec.security?.length === 1 ? spec.security[0]! : [];
    return only.length === 1 ? only[0] : undefined;
  }

  fieldset(): HTMLElement {
    const { spec, id, storageKey } = this.options;
    const alternatives = spec.security ?? [];
    const fieldset = h('fieldset', { class: 'try-it-auth' }, h('legend', {}, uiText('console.authentication')));
    const start = initialAlternative(alternatives, storageKey);
    if (alternatives.length < 2) {
      this.choose(alternatives[start] ?? [], fieldset);
      return fieldset;
    }
    const select = h('select', { id: `${id}-security` });
    select.append(...alternatives.map((alternative, index) => h('option', { value: String(index) }, alternativeLabel(alternative))));
    select.value = String(start);
    const chosen = h('div', { class: 'try-it-alternative' });
    select.addEventListener('change', () => {
      const alternative = alternatives[Number(select.value)] ?? [];
      saveAlternative(storageKey, alternativeKey(alternative));
      chosen.replaceChildren();
      this.choose(alternative, chosen);
      this.options.onChange();
    });
    fieldset.append(labelled(uiText('console.securityAlternative'), select), chosen);
    this.choose(alternatives[start] ?? [], chosen);
    return fieldset;
  }

  /** Puts the inputs of the alternative's schemes into `container`. */
  choose(alternative: ConsoleAlternative, container: HTMLElement): void {
    const { id, defaults, spec } = this.options;
    this.listeners?.abort();
    const listeners = new AbortController();
    this.listeners = listeners;
    this.inputs = alternative.map(
      (credential, index) =>
        new SchemeInput({
          credential,
          fallback: defaults[credential.scheme] ?? '',
          id: index === 0 ? id : `${id}-${index + 1}`,
          realApi: spec.realApi === true,
          signal: listeners.signal,
          ...(alternative.length === 1 ? { hintTail: this.sharedHint } : {}),
          onChange: this.options.onChange,
          onToken: this.options.onToken,
        }),
    );
    for (const input of this.inputs) container.append(...input.nodes);
  }

  /** What to send: the chosen alternative's schemes with their values (a later console sends its page's control's). */
  sent(): SentCredential[] {
    if (this.options.owner) return this.options.owner.sent();
    return this.inputs.map((input) => ({ credential: input.options.credential, value: input.value() }));
  }

  focus(): void {
    this.inputs[0]?.focus();
  }

  /** A later console of the page: which credential it sends, and a way to the one control. */
  sharedLine(owner: Credentials): HTMLElement {
    this.sharedNote = h('span', {});
    const change = h('button', { type: 'button', class: 'try-it-change-credential' }, uiText('console.change'));
    change.addEventListener('click', () => owner.focus());
    owner.sharedHint.textContent = uiText('console.sharedHint');
    this.showShared();
    const scheme = Credentials.shareable(this.options.spec)?.scheme;
    const fallback = scheme === undefined ? undefined : this.options.defaults[scheme];
    document.addEventListener(CREDENTIAL_EVENT, (event) => {
      const detail = (event as CustomEvent<{ scheme: string; fallback: string }>).detail;
      if (detail.scheme !== scheme || detail.fallback !== fallback) return;
      this.showShared();
      this.options.onChange();
    });
    return h('p', { class: 'try-it-auth-shared' }, h('span', { class: 'try-it-auth-label' }, uiText('console.authenticationShared')), this.sharedNote, ' ', change);
  }

  showShared(): void {
    const owner = this.options.owner;
    if (!owner || !this.sharedNote) return;
    const value = owner.sent()[0]?.value ?? '';
    this.sharedNote.textContent = value === '' ? uiText('console.sharedNone') : uiText('console.sharedChosen', { credential: owner.inputs[0]?.label() ?? uiText('console.ownCredential') });
  }
}
