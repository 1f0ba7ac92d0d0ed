/**
 * Patterns from a description (`pattern`, `patternProperties`) matched in linear time with RE2
 * (re2js, pure JavaScript), so no input can make a check backtrack for seconds. A pattern RE2
 * cannot run (lookarounds, backreferences) is not checked at all: every value passes it, and
 * `uncheckedPatterns` names it at build and start. A pattern that is not valid JavaScript
 * throws as `new RegExp` would (Ajv then leaves that schema unchecked, as before).
 */
import { RE2JS } from 're2js';

interface PatternTester {
  test(value: string): boolean;
  toString(): string;
}

const PASS = { test: (_value: string) => true };

/** The RE2 program for a JavaScript pattern, or undefined when RE2 cannot run it. */
function compileRe2(pattern: string): RE2JS | undefined {
  try {
    return RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch {
    return undefined;
  }
}

/** Whether RE2 runs the pattern (else it is left unchecked). */
export function runsInLinearTime(pattern: string): boolean {
  return compileRe2(pattern) !== undefined;
}

/** Ajv's `code.regExp` engine: `new RegExp`'s signature, RE2's matching. */
export default function linearRegExp(pattern: string, flags = ''): PatternTester {
  const native = new RegExp(pattern, flags);
  const program = compileRe2(pattern);
  // Ajv keys compiled patterns by their text (`toString`), as it does RegExps.
  return { test: program === undefined ? PASS.test : (value) => program.test(value), toString: () => String(native) };
}
