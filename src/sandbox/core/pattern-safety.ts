/**
 * Whether a pattern is safe to run with the backtracking `RegExp` on any input: no lookarounds
 * or backreferences, anchored at the start when anything repeats, at most one repetition of
 * variable length, and no repeated group that holds an alternation or a repetition of its own
 * (`^(a+)+$`, `(a|a)*`). Then each check is one pass with a small constant number of retries.
 * A conservative, syntactic test: patterns it refuses go to RE2 (src/sandbox/core/linear-regexp.ts)
 * or are left to the sandbox. Dependency-free, for the browser's console and validators.
 */

const MAX_OPTIONALS = 6;

interface Group {
  /** Holds an alternation or a quantifier other than an exact count. */
  branching: boolean;
}

export function backtrackingSafe(pattern: string): boolean {
  let variable = 0;
  let optionals = 0;
  const groups: Group[] = [{ branching: false }];
  /** What the next quantifier applies to: a group's contents (branching or not), or a single atom. */
  let last: 'atom' | 'plain-group' | 'branching-group' | 'none' = 'none';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === '\\') {
      const next = pattern[index + 1] ?? '';
      if (/[1-9k]/.test(next)) return false;
      // \u{…}, \p{…}, \x41, \cA: one atom, whatever its length.
      if ((next === 'u' || next === 'p' || next === 'P') && pattern[index + 2] === '{') index = pattern.indexOf('}', index);
      else index += 1;
      if (index < 0) return false;
      last = 'atom';
      continue;
    }
    if (char === '[') {
      let end = index + 1;
      if (pattern[end] === '^') end++;
      if (pattern[end] === ']') end++;
      while (end < pattern.length && pattern[end] !== ']') end += pattern[end] === '\\' ? 2 : 1;
      if (end >= pattern.length) return false;
      index = end;
      last = 'atom';
      continue;
    }
    if (char === '(') {
      if (/^\(\?<?[=!]/.test(pattern.slice(index, index + 4))) return false;
      groups.push({ branching: false });
      last = 'none';
      continue;
    }
    if (char === ')') {
      const group = groups.pop();
      if (group === undefined || groups.length === 0) return false;
      if (group.branching) groups.at(-1)!.branching = true;
      last = group.branching ? 'branching-group' : 'plain-group';
      continue;
    }
    if (char === '|') {
      groups.at(-1)!.branching = true;
      last = 'none';
      continue;
    }
    const quantifier = /^(?:[*+?]|\{(\d+)(,(\d*))?\})/.exec(pattern.slice(index));
    if (quantifier !== null) {
      const [text, low, comma, high] = quantifier;
      const exact = text.startsWith('{') && (comma === undefined || high === low);
      const optional = text === '?' || (text.startsWith('{') && low === '0' && high === '1');
      if (last === 'none' || last === 'branching-group') return false;
      if (!exact) {
        groups.at(-1)!.branching = true;
        if (optional) optionals++;
        else variable++;
      }
      index += text.length - 1;
      if (pattern[index + 1] === '?') index++;
      last = 'none';
      continue;
    }
    last = 'atom';
  }
  if (groups.length !== 1) return false;
  if (variable === 0) return optionals <= MAX_OPTIONALS;
  // One repetition of variable length: safe when the match can start only at the beginning.
  return variable === 1 && optionals <= MAX_OPTIONALS && anchoredWithoutTopAlternation(pattern);
}

/** `^…` with no top-level `|` (which would let a later branch start anywhere). */
function anchoredWithoutTopAlternation(pattern: string): boolean {
  let depth = 0;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') index++;
    else if (char === '[') {
      index++;
      while (index < pattern.length && pattern[index] !== ']') index += pattern[index] === '\\' ? 2 : 1;
    } else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '|' && depth === 0) return false;
  }
  return pattern.startsWith('^');
}
