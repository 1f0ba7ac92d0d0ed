import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { standaloneWriter } from '../../../src/sandbox/build/schemas.ts';
import type { Validator } from '../../../src/sandbox/core/types.ts';

// A named schema three places refer to, from two of the module's validators.
const document = {
  openapi: '3.1.0',
  paths: {},
  components: {
    schemas: {
      Owner: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      Lot: { type: 'object', properties: { owner: { $ref: '#/components/schemas/Owner' }, buyer: { $ref: '#/components/schemas/Owner' } } },
      Order: { type: 'object', properties: { seller: { $ref: '#/components/schemas/Owner' } } },
    },
  },
};

async function load(source: string): Promise<Record<string, Validator>> {
  const folder = mkdtempSync(join(tmpdir(), 'standalone-'));
  writeFileSync(join(folder, 'part.mjs'), source);
  return ((await import(/* @vite-ignore */ pathToFileURL(join(folder, 'part.mjs')).href)) as { validators: Record<string, Validator> }).validators;
}

describe("the browser sandbox's standalone validators", () => {
  it('hold a referenced schema once, called by every schema that refers to it, not copied into each', () => {
    const source = standaloneWriter(document).module(['/components/schemas/Lot', '/components/schemas/Order']);
    expect(source.match(/missingProperty: ?"name"/g)).toHaveLength(1);
  });

  it('still check through the reference, with the path of each place that refers to it', async () => {
    const validators = await load(standaloneWriter(document).module(['/components/schemas/Lot', '/components/schemas/Order']));
    const lot = validators['/components/schemas/Lot']!;
    const order = validators['/components/schemas/Order']!;
    expect(lot({ owner: { name: 'Ada' }, buyer: { name: 'Grace' } })).toBe(true);
    expect(lot({ owner: { name: 'Ada' }, buyer: {} })).toBe(false);
    expect(lot.errors?.map((error) => [error.instancePath, error.message])).toEqual([['/buyer', "must have required property 'name'"]]);
    expect(order({ seller: { name: 7 } })).toBe(false);
    expect(order.errors?.map((error) => [error.instancePath, error.message])).toEqual([['/seller/name', 'must be string']]);
  });
});
