// A description's `pattern` cannot freeze the server or a reader's tab: `^(a+)+$` against
// 10,000 'a's and a '!' is answered (issue 19, item 3). No timing assertions: with a
// backtracking engine these checks never finish, so finishing within the test timeout is the test.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkSchema } from '../../../../src/console/schema-check.ts';
import { callSandbox, sandboxPool } from '../../../../src/mcp/sandbox-calls.ts';
import { compiledValidators, standaloneWriter, uncheckedPatterns } from '../../../../src/sandbox/build/schemas.ts';
import { backtrackingSafe } from '../../../../src/sandbox/core/pattern-safety.ts';
import type { Validator } from '../../../../src/sandbox/core/types.ts';
import { createNodeSandbox } from '../../../../src/sandbox/node/server.ts';
import { thingsApi, thingsRequest } from '../support/things-api.ts';

const EVIL = `${'a'.repeat(10_000)}!`;
const THING = '/components/schemas/Thing';

describe('description patterns run in linear time', () => {
  it('the Node sandbox (npm run sandbox, tests) refuses the evil value with 422 and takes a good one', async () => {
    const sandbox = createNodeSandbox({ document: thingsApi() });
    const refused = await sandbox.answer(thingsRequest('POST', '/things', { name: 'x', code: EVIL }));
    expect(refused?.status).toBe(422);
    expect(await refused!.json()).toMatchObject({ errors: [{ pointer: '/code' }] });
    expect((await sandbox.answer(thingsRequest('POST', '/things', { name: 'x', code: 'a'.repeat(10_000) })))?.status).toBe(201);
  });

  it('MCP call_sandbox answers the evil value with 422', async () => {
    const sandboxFor = sandboxPool(async () => ({ api: createNodeSandbox({ document: thingsApi() }).api, validators: compiledValidators(thingsApi()) }));
    const sandbox = (await sandboxFor('anonymous', 'v1'))!;
    const answer = await callSandbox(sandbox, { method: 'POST', path: '/things', body: { name: 'x', code: EVIL } });
    expect(answer).toMatchObject({ status: 422 });
  });

  it('the browser sandbox\'s standalone validators check the pattern with RE2', async () => {
    const source = standaloneWriter(thingsApi()).module([THING]);
    expect(source).toContain('linear-regexp');
    const folder = mkdtempSync(join(tmpdir(), 'patterns-'));
    writeFileSync(join(folder, 'part.mjs'), source);
    const { validators } = (await import(/* @vite-ignore */ pathToFileURL(join(folder, 'part.mjs')).href)) as { validators: Record<string, Validator> };
    const validate = validators[THING]!;
    expect(validate({ code: EVIL })).toBe(false);
    expect(validate({ code: 'aaa' })).toBe(true);
  });

  it('safe patterns stay native RegExp in the browser, so parts without risky patterns import nothing new', () => {
    const source = standaloneWriter(thingsApi('^[A-Z]{3}$')).module([THING]);
    expect(source).not.toContain('linear-regexp');
    expect(source).toContain('new RegExp("^[A-Z]{3}$", "u")');
  });

  it('the console\'s check before sending leaves a risky pattern to the sandbox and still checks safe ones', () => {
    expect(checkSchema({ type: 'string', pattern: '^(a+)+$' }, EVIL)).toEqual([]);
    expect(checkSchema({ type: 'string', pattern: '^[A-Z]{3}$' }, 'abc')).toEqual([{ pointer: '', detail: 'must match ^[A-Z]{3}$' }]);
    expect(checkSchema({ type: 'string', pattern: '^[a-z][a-z0-9_]*$' }, `${'a'.repeat(10_000)}!`)).toHaveLength(1);
  });
});

describe('patterns RE2 cannot run', () => {
  const lookahead = '^(?=.*[0-9]).+$';

  it('are named by JSON pointer, and every value passes them (Node and browser alike)', async () => {
    expect(uncheckedPatterns(thingsApi(lookahead))).toEqual([{ pointer: '/components/schemas/Thing/properties/code/pattern', pattern: lookahead }]);
    const validate = compiledValidators(thingsApi(lookahead)).get(THING)!;
    expect(validate({ code: 'no digits' })).toBe(true);
    const source = standaloneWriter(thingsApi(lookahead)).module([THING]);
    expect(source).toContain('{ test: () => true }');
    expect(source).not.toContain('new RegExp("^(?=');
  });
});

describe('which patterns the backtracking RegExp may run', () => {
  it('keeps anchored patterns with one repetition and refuses nested or repeated ones', () => {
    for (const pattern of ['^[A-Z]{3}$', '^[a-z][a-z0-9_]*$', '^\\+?[0-9]{1,3}(-[0-9]{3})?$', 'abc', '^(ab)+$', '^\\p{L}+$']) expect([pattern, backtrackingSafe(pattern)]).toEqual([pattern, true]);
    for (const pattern of ['^(a+)+$', '(a|a)*', '^a*a*$', 'a+b', '(a)\\1', '^(?=a)', '^(a?){20}$', '^\\d+(\\.\\d+)?$', '^a+|b', '^(a|b)*$']) expect([pattern, backtrackingSafe(pattern)]).toEqual([pattern, false]);
  });
});

describe('the build names the patterns it leaves unchecked', () => {
  it('warns with the file, the JSON pointer and the fix', async () => {
    const { patternWarnings } = await import('../../../../src/integration/check-descriptions.ts');
    expect(patternWarnings('content/v1/openapi.yaml', thingsApi('^(?!admin).+$'))).toEqual([
      { file: 'content/v1/openapi.yaml', message: expect.stringMatching(/^\/components\/schemas\/Thing\/properties\/code\/pattern: the pattern `\^\(\?!admin\)\.\+\$` needs lookarounds or backreferences.*Write it without them/) },
    ]);
    expect(patternWarnings('content/v1/openapi.yaml', thingsApi())).toEqual([]);
  });
});
