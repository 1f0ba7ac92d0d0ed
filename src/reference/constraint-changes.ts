/**
 * Changes of the constraints of one schema in the changelog: sizes (`maxLength`, `minItems`, …),
 * numeric bounds (`maximum`, `exclusiveMinimum`, …), `multipleOf`, `pattern`, `format`,
 * `uniqueItems` and `additionalProperties: false`. Each is tightened (breaks a sender) or loosened
 * (breaks a receiver), by the rules of `CHANGE_RULES`. Pure.
 */
import { capital, code, detail, type ChangeDetail, type ChangeRule, type Side } from './change-rules.ts';
import { isUpper, SIZE_KEYWORDS, tighter, type Bound, type Flat, type SizeKeyword } from './flat-schema.ts';

const SIZES: Record<SizeKeyword, { unit: string; tightened: ChangeRule; loosened: ChangeRule }> = {
  maxLength: { unit: 'character', tightened: 'max-length-decreased', loosened: 'max-length-increased' },
  minLength: { unit: 'character', tightened: 'min-length-increased', loosened: 'min-length-decreased' },
  maxItems: { unit: 'item', tightened: 'max-items-decreased', loosened: 'max-items-increased' },
  minItems: { unit: 'item', tightened: 'min-items-increased', loosened: 'min-items-decreased' },
  maxProperties: { unit: 'field', tightened: 'max-properties-decreased', loosened: 'max-properties-increased' },
  minProperties: { unit: 'field', tightened: 'min-properties-increased', loosened: 'min-properties-decreased' },
};

/**
 * Formats of which each value is also a value of the formats listed: `int32` is narrower than
 * `int64`. Other changes of a format are neither narrower nor wider.
 */
const NARROWER_FORMATS: Readonly<Record<string, readonly string[]>> = {
  int32: ['int64'],
  float: ['double'],
  uri: ['uri-reference', 'iri', 'iri-reference'],
  'uri-reference': ['iri-reference'],
  iri: ['iri-reference'],
  email: ['idn-email'],
  hostname: ['idn-hostname'],
};

const isNarrowerFormat = (format: string, than: string): boolean => NARROWER_FORMATS[format]?.includes(than) === true;

/** Whether every multiple of `a` is a multiple of `b`. */
const isMultipleOf = (a: number, b: number): boolean => Math.abs(a / b - Math.round(a / b)) < 1e-9;

/**
 * One change of a bound: set, removed or moved, worded with `phrase` (`at most 40 characters`),
 * `verb` (`have`, `be`), and `tightened` telling which way it moved.
 */
function boundChange<T>(old: T | undefined, now: T | undefined, at: string, words: { phrase: (value: T) => string; verb: string }, tightens: (old: T, now: T) => boolean): { tightened: boolean; text: string } | undefined {
  const { phrase, verb } = words;
  if (old === undefined && now === undefined) return undefined;
  if (old === undefined) return { tightened: true, text: `${capital(at)} must now ${verb} ${phrase(now!)}.` };
  if (now === undefined) return { tightened: false, text: `${capital(at)} need no longer ${verb} ${phrase(old)}.` };
  if (phrase(old) === phrase(now)) return undefined;
  return { tightened: tightens(old, now), text: `${capital(at)} must now ${verb} ${phrase(now)} (before: ${phrase(old)}).` };
}

const numberBound = (upper: boolean) => (bound: Bound) => `${upper ? (bound.exclusive ? 'less than' : 'at most') : bound.exclusive ? 'more than' : 'at least'} ${bound.value}`;

/** The constraint changes from `old` to `now` at one place (`the field \`name\` of the request body`). */
export function diffConstraints(old: Flat, now: Flat, at: string, side: Side): ChangeDetail[] {
  if (sameConstraints(old, now)) return [];
  const details: ChangeDetail[] = [];
  for (const keyword of SIZE_KEYWORDS) {
    const { unit, tightened, loosened } = SIZES[keyword];
    const upper = isUpper(keyword);
    const phrase = (value: number) => `${upper ? 'at most' : 'at least'} ${value} ${unit}${value === 1 ? '' : 's'}`;
    const change = boundChange(old.sizes[keyword], now.sizes[keyword], at, { phrase, verb: 'have' }, (a, b) => (upper ? b < a : b > a));
    if (change) details.push(detail(change.tightened ? tightened : loosened, side, change.text));
  }
  for (const upper of [true, false]) {
    const [before, after] = upper ? [old.maximum, now.maximum] : [old.minimum, now.minimum];
    const change = boundChange(before, after, at, { phrase: numberBound(upper), verb: 'be' }, (a, b) => tighter(a, b, upper) === b);
    const rules: [ChangeRule, ChangeRule] = upper ? ['maximum-decreased', 'maximum-increased'] : ['minimum-increased', 'minimum-decreased'];
    if (change) details.push(detail(change.tightened ? rules[0] : rules[1], side, change.text));
  }
  const multiple = boundChange(old.multipleOf, now.multipleOf, at, { phrase: (value) => `a multiple of ${value}`, verb: 'be' }, (a, b) => isMultipleOf(b, a));
  if (multiple) {
    const [a, b] = [old.multipleOf, now.multipleOf];
    const unrelated = a !== undefined && b !== undefined && !isMultipleOf(a, b) && !isMultipleOf(b, a);
    details.push(detail(unrelated ? 'multiple-of-changed' : multiple.tightened ? 'multiple-of-narrowed' : 'multiple-of-widened', side, multiple.text));
  }
  details.push(...diffPatterns(old.patterns, now.patterns, at, side), ...diffFormat(old.format, now.format, at, side));
  if (!old.uniqueItems && now.uniqueItems) details.push(detail('unique-items-set', side, `${capital(at)} must now have unique items.`));
  if (old.uniqueItems && !now.uniqueItems) details.push(detail('unique-items-unset', side, `${capital(at)} need no longer have unique items.`));
  if (!old.closed && now.closed) details.push(detail('additional-properties-closed', side, `${capital(at)} no longer allows fields other than those listed.`));
  if (old.closed && !now.closed) details.push(detail('additional-properties-opened', side, `${capital(at)} now allows fields other than those listed.`));
  return details;
}

const sameBound = (a: Bound | undefined, b: Bound | undefined): boolean => a === b || (a !== undefined && b !== undefined && a.value === b.value && a.exclusive === b.exclusive);

/** The common case, checked first: nothing but fields changed. */
function sameConstraints(old: Flat, now: Flat): boolean {
  return (
    SIZE_KEYWORDS.every((keyword) => old.sizes[keyword] === now.sizes[keyword]) &&
    sameBound(old.maximum, now.maximum) &&
    sameBound(old.minimum, now.minimum) &&
    old.multipleOf === now.multipleOf &&
    old.format === now.format &&
    old.uniqueItems === now.uniqueItems &&
    old.closed === now.closed &&
    old.patterns.size === now.patterns.size &&
    [...old.patterns].every((pattern) => now.patterns.has(pattern))
  );
}

function diffPatterns(old: ReadonlySet<string>, now: ReadonlySet<string>, at: string, side: Side): ChangeDetail[] {
  const added = [...now].filter((pattern) => !old.has(pattern));
  const removed = [...old].filter((pattern) => !now.has(pattern));
  const list = (patterns: readonly string[]) => patterns.map(code).join(' and ');
  if (added.length > 0 && removed.length > 0) return [detail('pattern-changed', side, `${capital(at)} must now match ${list(added)} (before: ${list(removed)}).`)];
  return [
    ...added.map((pattern) => detail('pattern-added', side, `${capital(at)} must now match ${code(pattern)}.`)),
    ...removed.map((pattern) => detail('pattern-removed', side, `${capital(at)} need no longer match ${code(pattern)}.`)),
  ];
}

function diffFormat(old: string | undefined, now: string | undefined, at: string, side: Side): ChangeDetail[] {
  if (old === now) return [];
  if (now === undefined) return [detail('format-widened', side, `${capital(at)} no longer has the format ${code(old!)}.`)];
  const text = `${capital(at)} now has the format ${code(now)}${old === undefined ? '' : ` (before: ${code(old)})`}.`;
  if (old === undefined || isNarrowerFormat(now, old)) return [detail('format-narrowed', side, text)];
  return [detail(isNarrowerFormat(old, now) ? 'format-widened' : 'format-changed', side, text)];
}
