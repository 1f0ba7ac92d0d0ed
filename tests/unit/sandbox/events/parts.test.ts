import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventValidatorModule } from '../../../../src/sandbox/build/event-runtime.ts';
import { readCorrelation, writeCorrelation } from '../../../../src/sandbox/core/events/correlation.ts';
import { createEventSandbox } from '../../../../src/sandbox/core/events/sandbox.ts';
import type { Validator } from '../../../../src/sandbox/core/types.ts';
import { eventParts, json } from './support.ts';

describe('correlation ids (AsyncAPI runtime expressions)', () => {
  it('reads and writes $message.payload# and $message.header# pointers', () => {
    const request = { payload: { meta: { 'a/b': 'x-1' } }, headers: { correlation_id: 'c-9' } };
    expect(readCorrelation(request, '$message.payload#/meta/a~1b')).toBe('x-1');
    expect(readCorrelation(request, '$message.header#/correlation_id')).toBe('c-9');
    expect(readCorrelation(request, '$message.payload#/missing')).toBeUndefined();
    expect(readCorrelation(request, 'payload.reqid')).toBeUndefined();
    expect(writeCorrelation({ payload: { result: 7 } }, '$message.header#/correlation_id', 'c-9')).toEqual({ payload: { result: 7 }, headers: { correlation_id: 'c-9' } });
    expect(writeCorrelation({ payload: {} }, '$message.payload#/meta/id', 3)).toEqual({ payload: { meta: { id: 3 } } });
    expect(writeCorrelation({ payload: { reqid: 42, a: 1 } }, '$message.payload#/reqid', undefined)).toEqual({ payload: { a: 1 } });
    // A pointer through a value that is not an object, or to the prototype, leaves the message as it was.
    expect(writeCorrelation({ payload: { meta: 5 } }, '$message.payload#/meta/id', 3)).toEqual({ payload: { meta: 5 } });
    expect(writeCorrelation({ payload: {} }, '$message.payload#/__proto__/polluted', 1)).toEqual({ payload: {} });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe("the browser's event validators (standalone modules)", () => {
  it('answer Kraken as the Ajv-compiled ones do, patterns included', async () => {
    const parts = await eventParts('kraken-3.1.yml');
    const folder = mkdtempSync(join(tmpdir(), 'event-validators-'));
    writeFileSync(join(folder, 'validators.mjs'), eventValidatorModule(parts));
    const { validators } = (await import(/* @vite-ignore */ pathToFileURL(join(folder, 'validators.mjs')).href)) as { validators: Record<string, Validator> };
    expect(Object.keys(validators).sort()).toEqual([...parts.keys].sort());
    const sandbox = createEventSandbox({ api: parts.api, validators: { get: (key) => validators[key] } });
    const session = sandbox.connect('/')!;
    expect(json(session.receive('{"event":"subscribe","reqid":12,"pair":["XBT/EUR"],"subscription":{"name":"ohlc"}}')[0])).toMatchObject({ event: 'subscriptionStatus', reqid: 12 });
    // `pair` items follow `[A-Z\s]+\/[A-Z\s]+`.
    expect(json(session.receive('{"event":"subscribe","pair":["xbt-eur"],"subscription":{"name":"ohlc"}}')[0]).error).toMatchObject({ code: 'invalid_message', operations: [{ problems: [{ pointer: '/pair/0' }] }] });
  });
});

describe('the event engine keeps to its environment', () => {
  it('core/events/ imports no Node builtins and uses no DOM globals', () => {
    const folder = join(import.meta.dirname, '../../../../src/sandbox/core/events');
    const lines = readdirSync(folder).flatMap((name) => readFileSync(join(folder, name), 'utf8').split('\n').filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line)).map((line) => `${name}: ${line}`));
    expect(lines.length).toBeGreaterThan(100);
    expect(lines.filter((line) => /from ['"]node:|require\(|\b(window|document|sessionStorage|localStorage|navigator)\b\s*[.[]/.test(line))).toEqual([]);
  });
});
