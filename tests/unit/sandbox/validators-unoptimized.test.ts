import { describe, expect, it } from 'vitest';
import { compiledValidators } from '../../../src/sandbox/build/schemas.ts';

// The runtime API's repair checks are compiled without Ajv's code optimisation (faster to compile):
// they must give the same verdicts and the same errors, which repair reads.
const document = {
  openapi: '3.0.3',
  components: {
    schemas: {
      Lot: {
        type: 'object',
        required: ['id', 'tags'],
        properties: {
          id: { type: 'string', pattern: '^lot_[a-z0-9]+$', readOnly: true },
          weight: { type: 'number', minimum: 0, exclusiveMinimum: true, nullable: true },
          tags: { type: 'array', items: { type: 'string', maxLength: 5 }, uniqueItems: true },
          owner: { $ref: '#/components/schemas/Owner' },
        },
        additionalProperties: false,
      },
      Owner: { oneOf: [{ type: 'string' }, { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }] },
    },
  },
};

describe('validators compiled without optimisation', () => {
  it('give the same verdicts and errors as optimised ones', () => {
    const optimised = compiledValidators(document, { direction: 'response' }).get('/components/schemas/Lot')!;
    const quick = compiledValidators(document, { direction: 'response', optimize: false }).get('/components/schemas/Lot')!;
    const values = [
      { id: 'lot_1', tags: ['a'] },
      { id: 'lot_1', tags: ['a', 'a'], weight: 0 },
      { id: 'LOT', tags: ['toolong'], weight: null, owner: { nick: 1 } },
      { tags: [], extra: true, owner: 'x' },
      'not an object',
    ];
    for (const value of values) {
      expect(quick(value)).toBe(optimised(value));
      expect(quick.errors ?? null).toEqual(optimised.errors ?? null);
    }
  });
});
