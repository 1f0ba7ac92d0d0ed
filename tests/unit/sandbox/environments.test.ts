/**
 * The sandbox keeps MSW's split: `core/` runs in the browser and in Node alike (no Node
 * builtins, no DOM globals), `build/` is pure (no I/O: it runs at build time only), `browser/`
 * uses no Node builtins, and only `node/` touches the file system or sockets.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SANDBOX = join(import.meta.dirname, '../../../src/sandbox');
const NODE_IMPORT = /from ['"]node:|import\(['"]node:|(^|[^'"\w])require\(/;
const DOM = /\b(window|document|sessionStorage|localStorage|navigator)\b\s*[.[]/;

function sources(folder: string): Array<{ file: string; lines: string[] }> {
  return readdirSync(join(SANDBOX, folder))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ file: `${folder}/${name}`, lines: readFileSync(join(SANDBOX, folder, name), 'utf8').split('\n').filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line)) }));
}

const offending = (folder: string, pattern: RegExp) => sources(folder).flatMap(({ file, lines }) => lines.filter((line) => pattern.test(line)).map((line) => `${file}: ${line.trim()}`));

describe('sandbox environments', () => {
  it('core/ uses no Node builtins and no DOM globals', () => {
    expect(offending('core', NODE_IMPORT)).toEqual([]);
    expect(offending('core', DOM)).toEqual([]);
  });

  it('build/ does no I/O and browser/ imports no Node builtins', () => {
    expect(offending('build', NODE_IMPORT)).toEqual([]);
    expect(offending('browser', NODE_IMPORT)).toEqual([]);
  });

  it('the checks can fail', () => {
    expect(NODE_IMPORT.test("import { readFileSync } from 'node:fs';")).toBe(true);
    expect(NODE_IMPORT.test('const fs = require("fs");')).toBe(true);
    expect(DOM.test('sessionStorage.setItem(key, value)')).toBe(true);
  });
});
