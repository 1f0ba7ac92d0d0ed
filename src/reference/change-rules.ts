/**
 * The rules of the API changelog: each kind of change, with a stable id, and whether it breaks a
 * reader who sends the message it is in or one who receives it. Every rule is documented, with an
 * example, in the manual's "API changelog" page. Pure data.
 *
 * Who sends a message: a client sends an operation's parameters and request body and receives its
 * responses; for a webhook or a callback the API sends the request (its parameters and payload) and
 * the reader's server receives it and sends the response. Tightening what the reader sends breaks
 * it (the API may now refuse it); loosening what it receives breaks it (it may now get values it was
 * not written for).
 */

/** Whether the reader sends the message a change is in, or receives it. */
export type Side = 'sent' | 'received';

/** Whether the change breaks a reader that sends the message, and one that receives it. */
interface Verdict {
  sent: boolean;
  received: boolean;
}

const both = { sent: true, received: true } as const;
const neither = { sent: false, received: false } as const;
/** Breaks a sender only: the message now takes less. */
const tightened = { sent: true, received: false } as const;
/** Breaks a receiver only: the message may now hold more. */
const loosened = { sent: false, received: true } as const;

export const CHANGE_RULES = {
  'operation-added': neither,
  'operation-removed': both,
  'operation-deprecated': neither,
  'callback-added': neither,
  'callback-removed': both,
  'parameter-added-required': tightened,
  'parameter-added-optional': neither,
  'parameter-removed': both,
  'parameter-now-required': tightened,
  'parameter-now-optional': loosened,
  'request-body-added-required': tightened,
  'request-body-added-optional': neither,
  'request-body-removed': both,
  'request-body-now-required': tightened,
  'request-body-now-optional': loosened,
  'media-type-added': neither,
  'media-type-removed': both,
  'response-status-added': neither,
  'response-status-removed': both,
  'field-added-required': tightened,
  'field-added-optional': neither,
  'field-removed': both,
  'field-now-required': tightened,
  'field-now-optional': loosened,
  'type-narrowed': tightened,
  'type-widened': loosened,
  'type-changed': both,
  'enum-narrowed': tightened,
  'enum-widened': loosened,
  'max-length-decreased': tightened,
  'max-length-increased': loosened,
  'min-length-increased': tightened,
  'min-length-decreased': loosened,
  'max-items-decreased': tightened,
  'max-items-increased': loosened,
  'min-items-increased': tightened,
  'min-items-decreased': loosened,
  'max-properties-decreased': tightened,
  'max-properties-increased': loosened,
  'min-properties-increased': tightened,
  'min-properties-decreased': loosened,
  'maximum-decreased': tightened,
  'maximum-increased': loosened,
  'minimum-increased': tightened,
  'minimum-decreased': loosened,
  'multiple-of-narrowed': tightened,
  'multiple-of-widened': loosened,
  'multiple-of-changed': both,
  'pattern-added': tightened,
  'pattern-removed': loosened,
  'pattern-changed': both,
  'format-narrowed': tightened,
  'format-widened': loosened,
  'format-changed': both,
  'unique-items-set': tightened,
  'unique-items-unset': loosened,
  // Unknown fields are ignored by receivers, as a new field is: opening breaks no one.
  'additional-properties-closed': tightened,
  'additional-properties-opened': neither,
  'security-now-required': tightened,
  'security-no-longer-required': loosened,
  'security-alternative-removed': tightened,
  'security-alternative-added': loosened,
} as const satisfies Record<string, Verdict>;

export type ChangeRule = keyof typeof CHANGE_RULES;

/** One change inside an operation. `text` is a sentence whose names are in `backticks`. */
export interface ChangeDetail {
  rule: ChangeRule;
  breaking: boolean;
  text: string;
}

/** A change by `rule` in a message the reader sends or receives. */
export const detail = (rule: ChangeRule, side: Side, text: string): ChangeDetail => ({ rule, breaking: CHANGE_RULES[rule][side], text });

export const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** `value` as a Markdown code span, fenced so that backticks inside it stay text. */
export function code(value: string): string {
  if (!value.includes('`')) return `\`${value}\``;
  const longest = Math.max(0, ...[...value.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${value}${pad}${fence}`;
}
