import { describe, expect, it } from 'vitest';
import { schemaLinks, schemaModel, schemaRefName, typeOf, type TypePart } from '../../../src/reference/schema-model.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const link = (name: string): TypePart => ({ kind: 'ref', name });
const text = (value: string): TypePart => ({ kind: 'text', text: value });

describe('named schemas are links, never expanded', () => {
  it('a reference is a link with the schema name', () => {
    expect(schemaModel(ref('Pet'))).toEqual({ type: [link('Pet')], fields: [] });
    expect(schemaRefName('#/components/schemas/Foo~1Bar')).toBe('Foo/Bar');
    expect(schemaRefName('#/components/schemas/Caf%C3%A9')).toBe('Café');
    expect(schemaRefName('#/components/parameters/Id')).toBeUndefined();
    expect(schemaRefName('#/components/schemas/Pet/properties/id')).toBeUndefined();
  });

  it('a property that refers to a named schema keeps its own description (3.1 siblings)', () => {
    const model = schemaModel({ type: 'object', properties: { owner: { ...ref('Person'), description: 'Who owns it.' } } });
    expect(model.fields).toEqual([{ path: 'owner', name: 'owner', depth: 0, required: false, type: [link('Person')], description: 'Who owns it.' }]);
  });

  it('cycles terminate: A -> B -> A links both ways, and a self-reference is a link to itself', () => {
    const a = { type: 'object', properties: { b: ref('B') } };
    const b = { type: 'object', properties: { a: ref('A'), siblings: { type: 'array', items: ref('B') } } };
    expect(schemaModel(a).fields.map((field) => field.type)).toEqual([[link('B')]]);
    expect(schemaModel(b).fields.map((field) => [field.path, field.type])).toEqual([
      ['a', [link('A')]],
      ['siblings', [text('array of '), link('B')]],
    ]);
    expect(schemaLinks(a)).toEqual(['B']);
    expect(schemaLinks(b)).toEqual(['A', 'B']);
  });

  it('lists the named schemas a schema links to, from anywhere but data keywords', () => {
    const schema = {
      type: 'object',
      properties: {
        example: ref('Walked'),
        pet: { oneOf: [ref('Cat'), ref('Dog')], discriminator: { propertyName: 'kind', mapping: { fish: '#/components/schemas/Fish', bird: 'Bird' } } },
        deep: { type: 'array', items: { type: 'object', additionalProperties: ref('Z') } },
        part: { $ref: '#/components/schemas/Whole/properties/part' },
      },
      example: { $ref: '#/components/schemas/NotASchema' },
      enum: [{ $ref: '#/components/schemas/AlsoData' }],
    };
    expect(schemaLinks(schema)).toEqual(['Bird', 'Cat', 'Dog', 'Fish', 'Walked', 'Whole', 'Z']);
  });
});

describe('types', () => {
  it('says null the same way for 3.0 nullable, 3.1 type arrays and a null variant', () => {
    const expected = { type: [text('string')], nullable: true, fields: [] };
    expect(schemaModel({ type: 'string', nullable: true })).toEqual(expected);
    expect(schemaModel({ type: ['string', 'null'] })).toEqual(expected);
    expect(schemaModel({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual(expected);
    expect(schemaModel({ oneOf: [ref('Pet'), { type: 'null' }], description: 'Maybe a pet.' })).toEqual({ type: [link('Pet')], nullable: true, description: 'Maybe a pet.', fields: [] });
  });

  it('labels arrays, maps, several types and inferred types', () => {
    expect(typeOf({ type: 'array', items: { type: 'array', items: ref('Pet') } })).toEqual([text('array of array of '), link('Pet')]);
    expect(typeOf({ type: 'array', items: { type: ['integer', 'null'] } })).toEqual([text('array of (integer or null)')]);
    expect(typeOf({ type: 'array', items: { oneOf: [ref('Cat'), ref('Dog')] } })).toEqual([text('array of ('), link('Cat'), text(' or '), link('Dog'), text(')')]);
    expect(typeOf({ type: 'object', additionalProperties: { type: 'integer' } })).toEqual([text('map of integer')]);
    expect(typeOf({ type: ['string', 'integer'] })).toEqual([text('string or integer')]);
    expect(typeOf({ enum: ['a', 'b', null] })).toEqual([text('string')]);
    expect(typeOf({ const: 3 })).toEqual([text('integer')]);
    expect(typeOf({ properties: {} })).toEqual([text('object')]);
    expect(typeOf({})).toEqual([text('any')]);
    expect(typeOf({ allOf: [ref('A'), ref('B')] })).toEqual([link('A'), text(' and '), link('B')]);
    expect(typeOf({ allOf: [ref('A'), { required: ['id'] }, { type: 'object' }] })).toEqual([link('A')]);
    expect(typeOf({ allOf: [{ required: ['id'] }] })).toEqual([text('any')]);
    expect(typeOf({ $ref: 'https://example.com/other.json' })).toEqual([text('https://example.com/other.json')]);
    expect(schemaModel({ type: 'null' })).toEqual({ type: [text('null')], fields: [] });
    // 3.1 boolean schemas: `true` accepts anything, a `false` property may not be sent.
    expect(schemaModel({ properties: { anything: true, never: false } }).fields).toEqual([{ path: 'anything', name: 'anything', depth: 0, required: false, type: [text('any')] }]);
  });
});

describe('allOf', () => {
  it('merges inline members and lists referenced members as includes', () => {
    const model = schemaModel({
      allOf: [ref('Base'), { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }, { properties: { age: { type: 'integer' } } }],
      required: ['age'],
      description: 'A dog.',
    });
    expect(model).toEqual({
      type: [text('object')],
      description: 'A dog.',
      includes: ['Base'],
      fields: [
        { path: 'name', name: 'name', depth: 0, required: true, type: [text('string')] },
        { path: 'age', name: 'age', depth: 0, required: true, type: [text('integer')] },
      ],
    });
  });

  it('a single referenced member with annotations is that reference (the OpenAPI 3.0 idiom)', () => {
    expect(schemaModel({ allOf: [ref('Owner')], nullable: true, readOnly: true, description: 'The owner.' })).toEqual({ type: [link('Owner')], nullable: true, readOnly: true, description: 'The owner.', fields: [] });
  });
});

describe('oneOf, anyOf and discriminator', () => {
  it('lists variants: references by name, inline ones by title or as Option N, with discriminator values', () => {
    const model = schemaModel({
      oneOf: [ref('Cat'), ref('Dog'), { title: 'Fish', type: 'object', properties: { fins: { type: 'integer' } } }, { type: 'string' }],
      discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', kitten: '#/components/schemas/Cat', fish: 'Fish' } },
    });
    expect(model.type).toEqual([link('Cat'), text(' or '), link('Dog'), text(' or Fish or string')]);
    expect(model.discriminator).toEqual({
      propertyName: 'kind',
      mapping: [
        { value: 'cat', target: link('Cat') },
        { value: 'kitten', target: link('Cat') },
        { value: 'fish', target: link('Fish') },
        // No mapping entry: the value is the schema's name.
        { value: 'Dog', target: link('Dog') },
      ],
    });
    expect(model.variants).toEqual({
      kind: 'oneOf',
      options: [
        { title: 'Cat', ref: 'Cat', values: ['cat', 'kitten'] },
        { title: 'Dog', ref: 'Dog', values: ['Dog'] },
        { title: 'Fish', model: { type: [text('object')], title: 'Fish', fields: [{ path: 'fins', name: 'fins', depth: 0, required: false, type: [text('integer')] }] } },
        { title: 'Option 4', model: { type: [text('string')], fields: [] } },
      ],
    });
  });

  it('variants that only require fields say which fields go together', () => {
    const model = schemaModel({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, oneOf: [{ required: ['a'] }, { required: ['a', 'b'], description: 'Both.' }] });
    expect(model.variants?.options).toEqual([
      { title: 'Option 1', model: { type: [], constraints: [{ text: 'requires', code: ['a'] }], fields: [] } },
      { title: 'Option 2', model: { type: [], description: 'Both.', constraints: [{ text: 'requires', code: ['a', 'b'] }], fields: [] } },
    ]);
  });

  it('anyOf is kept apart from oneOf', () => {
    expect(schemaModel({ anyOf: [ref('A'), { type: 'object', properties: { x: { type: 'string' } } }] }).variants?.kind).toBe('anyOf');
    expect(typeOf({ anyOf: [ref('A'), { type: 'object', properties: { x: { type: 'string' } } }] })).toEqual([link('A'), text(' or Option 2')]);
  });
});

describe('facts', () => {
  it('readOnly, writeOnly, deprecated, enum with null, const, default, format and examples', () => {
    const model = schemaModel({
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid', readOnly: true, example: 'b3e1' },
        password: { type: 'string', writeOnly: true, deprecated: true },
        status: { type: ['string', 'null'], enum: ['open', 'closed', null], default: 'open', examples: ['closed'] },
        version: { const: 2 },
      },
    });
    expect(model.fields).toEqual([
      { path: 'id', name: 'id', depth: 0, required: false, type: [text('string')], readOnly: true, format: 'uuid', examples: ['b3e1'] },
      { path: 'password', name: 'password', depth: 0, required: false, type: [text('string')], writeOnly: true, deprecated: true },
      { path: 'status', name: 'status', depth: 0, required: false, type: [text('string')], nullable: true, enum: ['open', 'closed', null], default: 'open', examples: ['closed'] },
      { path: 'version', name: 'version', depth: 0, required: false, type: [text('integer')], const: 2 },
    ]);
  });

  it('limits: 3.0 boolean and 3.1 number exclusive bounds, lengths, counts, pattern, multiples, unique items', () => {
    const limits = (schema: Record<string, unknown>) => schemaModel(schema).constraints?.map((limit) => (limit.code === undefined ? limit.text : `${limit.text} ${limit.code}`));
    expect(limits({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10 })).toEqual(['> 0', '≤ 10']);
    expect(limits({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 })).toEqual(['> 0', '< 10']);
    expect(limits({ type: 'number', minimum: 1, maximum: 5, exclusiveMaximum: true, multipleOf: 0.5 })).toEqual(['≥ 1', '< 5', 'multiple of 0.5']);
    expect(limits({ type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z]+$' })).toEqual(['1–64 characters', 'pattern ^[a-z]+$']);
    expect(limits({ type: 'string', minLength: 1 })).toEqual(['at least 1 character']);
    expect(limits({ type: 'string', minLength: 2, maxLength: 2 })).toEqual(['exactly 2 characters']);
    expect(limits({ type: 'array', maxItems: 3, uniqueItems: true })).toEqual(['at most 3 items', 'unique items']);
    expect(limits({ type: 'object', minProperties: 1 })).toEqual(['at least 1 property']);
    expect(limits({ type: 'string' })).toBeUndefined();
  });

  it('additionalProperties: false, true, a schema beside properties, and maps', () => {
    const object = (additionalProperties: unknown) => schemaModel({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties }).additional;
    expect(object(false)).toEqual({ allowed: false });
    expect(object(true)).toEqual({ allowed: true });
    expect(object({})).toEqual({ allowed: true });
    expect(object(ref('Extra'))).toEqual({ allowed: true, type: [link('Extra')] });
    expect(object(undefined)).toBeUndefined();
    // A map's value type is its type label; it is not repeated.
    expect(schemaModel({ type: 'object', additionalProperties: ref('Pet') })).toEqual({ type: [text('map of '), link('Pet')], fields: [] });
  });
});

describe('nested anonymous objects', () => {
  const order = {
    type: 'object',
    required: ['id'],
    properties: {
      id: { type: 'string' },
      address: { type: 'object', required: ['city'], properties: { city: { type: 'string' }, geo: { type: 'object', properties: { lat: { type: 'number' } } } } },
      lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' }, product: ref('Product') } } },
      labels: { type: 'object', additionalProperties: { type: 'object', properties: { text: { type: 'string' } } } },
      owner: ref('Person'),
    },
  };

  it('are flattened after their parent with dotted names', () => {
    expect(schemaModel(order).fields.map((field) => [field.path, field.depth, field.required])).toEqual([
      ['id', 0, true],
      ['address', 0, false],
      ['address.city', 1, true],
      ['address.geo', 1, false],
      ['address.geo.lat', 2, false],
      ['lines', 0, false],
      ['lines[].sku', 1, false],
      ['lines[].product', 1, false],
      ['labels', 0, false],
      ['labels.*.text', 1, false],
      ['owner', 0, false],
    ]);
  });

  it('stop at maxDepth', () => {
    expect(schemaModel(order, { maxDepth: 2 }).fields.map((field) => field.path)).toEqual(['id', 'address', 'address.city', 'address.geo', 'lines', 'lines[].sku', 'lines[].product', 'labels', 'labels.*.text', 'owner']);
    expect(schemaModel(order, { maxDepth: 1 }).fields.map((field) => field.path)).toEqual(['id', 'address', 'lines', 'labels', 'owner']);
  });

  it('a top-level array of objects lists its items fields', () => {
    expect(schemaModel({ type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } }).fields.map((field) => field.path)).toEqual(['[].a']);
  });

  it('the model is plain JSON', () => {
    const model = schemaModel(order);
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
  });
});
