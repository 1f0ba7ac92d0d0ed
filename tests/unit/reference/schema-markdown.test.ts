import { describe, expect, it } from 'vitest';
import { schemaModel } from '../../../src/reference/schema-model.ts';
import { codeSpan, fieldsTable, schemaMarkdown, typeMarkdown } from '../../../src/reference/schema-markdown.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const URL = 'https://docs.example/1.0/reference/schemas';
// `Unknown` has no page: it is shown as code, not as a broken link.
const schemaUrl = (name: string) => (name === 'Unknown' ? undefined : `${URL}/${name.toLowerCase()}/`);
const markdown = (schema: Record<string, unknown>) => schemaMarkdown(schemaModel(schema), { schemaUrl });

describe('schema Markdown', () => {
  it('an object: description (alerts kept as written), other keys, then the fields table with links to named schemas', () => {
    const schema = {
      type: 'object',
      description: 'A pet.\n\n> [!NOTE]\n> Pets are friends.',
      required: ['id', 'kind'],
      additionalProperties: false,
      properties: {
        id: { type: 'string', format: 'uuid', readOnly: true, example: 'b3e1' },
        kind: { type: 'string', enum: ['cat', 'dog'] },
        owner: { allOf: [ref('Person')], nullable: true, description: 'Who owns it,\nif anyone.' },
        tags: { type: 'array', items: { type: 'string', pattern: '^a|b$' }, maxItems: 3 },
        address: { type: 'object', properties: { city: { type: 'string', minLength: 1 } } },
        toy: { oneOf: [ref('Ball'), ref('Unknown')] },
        food: { anyOf: [ref('Kibble'), { title: 'Homemade', type: 'object', properties: { recipe: { type: 'string' } } }] },
        secret: { type: 'string', writeOnly: true, deprecated: true },
      },
    };
    expect(markdown(schema)).toBe(`A pet.

> [!NOTE]
> Pets are friends.

No other properties are allowed.

| Field | Type | Required | Description |
| --- | --- | --- | --- |
| \`id\` | string | yes | Read-only: in responses only. Format: \`uuid\`. Example: \`"b3e1"\`. |
| \`kind\` | string | yes | Must be one of \`cat\`, \`dog\`. |
| \`owner\` | [Person](${URL}/person/) or null | no | Who owns it, if anyone. |
| \`tags\` | array of string | no | At most 3 items. Each item: pattern \`^a\\|b$\`. |
| \`address\` | object | no |  |
| \`address.city\` | string | no | At least 1 character. |
| \`toy\` | [Ball](${URL}/ball/) or \`Unknown\` | no | One of: [Ball](${URL}/ball/); \`Unknown\`. |
| \`food\` | [Kibble](${URL}/kibble/) or Homemade | no | Any of the shapes listed below the table. |
| \`secret\` | string | no | Deprecated. Write-only: in requests only. |

\`food\` is any of (one or more):

- [Kibble](${URL}/kibble/)
- Homemade: object

  | Field | Type | Required | Description |
  | --- | --- | --- | --- |
  | \`recipe\` | string | no |  |`);
  });

  it('oneOf with a discriminator: explicit and implicit mapping, values beside each variant', () => {
    expect(markdown({ oneOf: [ref('Cat'), ref('Dog')], discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat' } } })).toBe(`Type: [Cat](${URL}/cat/) or [Dog](${URL}/dog/).

The \`kind\` field tells which schema applies: \`cat\`: [Cat](${URL}/cat/); \`Dog\`: [Dog](${URL}/dog/).

One of:

- [Cat](${URL}/cat/) (\`cat\`)
- [Dog](${URL}/dog/) (\`Dog\`)`);
  });

  it('a nullable enum says "or null" and lists null among the values', () => {
    expect(markdown({ type: 'string', enum: ['a', null], default: 'a', nullable: true, description: 'A status.' })).toBe('A status.\n\nType: string or null. Must be one of `a`, `null`. Default: `"a"`.');
  });

  it('allOf with a reference says what it includes; a 3.1 exclusive bound reads as ">"', () => {
    expect(markdown({ allOf: [ref('Base'), { properties: { x: { type: 'integer', exclusiveMinimum: 0 } } }] })).toBe(`Includes every field of [Base](${URL}/base/).

| Field | Type | Required | Description |
| --- | --- | --- | --- |
| \`x\` | integer | no | > 0. |`);
  });

  it('variants without fields of their own stay in the cell; a description gets its full stop before generated sentences', () => {
    const schema = {
      type: 'object',
      properties: {
        customer: { description: 'The customer', nullable: true, anyOf: [{ type: 'string', maxLength: 5000 }, ref('Customer'), { title: 'Code', type: 'integer' }] },
        id: { type: 'integer', format: 'int64', description: 'Unique identifier' },
        done: { type: 'boolean', description: 'Whether it is done (or not)' },
      },
    };
    expect(markdown(schema).split('\n').slice(2)).toEqual([
      `| \`customer\` | string or [Customer](${URL}/customer/) or Code or null | no | The customer. Any of (one or more): string (at most 5000 characters); [Customer](${URL}/customer/); Code: integer. |`,
      '| `id` | integer | no | Unique identifier. Format: `int64`. |',
      '| `done` | boolean | no | Whether it is done (or not) |',
    ]);
  });

  it('an inline variant whose first words are a limit stays text, not a quote', () => {
    expect(markdown({ oneOf: [{ type: 'integer', exclusiveMinimum: 0 }, ref('Code')] })).toBe(`Type: integer or [Code](${URL}/code/).

One of:

- Option 1: integer

  \\> 0.

- [Code](${URL}/code/)`);
  });

  it('variants that only require fields, at the top and in a cell', () => {
    const variants = [{ required: ['a'] }, { required: ['a', 'b'] }];
    expect(markdown({ type: 'object', properties: { a: { type: 'string' } }, oneOf: variants })).toBe(`One of:

- Option 1

  Requires \`a\`.

- Option 2

  Requires \`a\`, \`b\`.

| Field | Type | Required | Description |
| --- | --- | --- | --- |
| \`a\` | string | no |  |`);
    expect(markdown({ properties: { x: { type: 'object', anyOf: variants } } }).split('\n')[2]).toBe('| `x` | object | no | Any of (one or more): Option 1 (requires `a`); Option 2 (requires `a`, `b`). |');
  });

  it('an inline variant keeps its whole description inside its list item', () => {
    expect(markdown({ oneOf: [{ title: 'Card', type: 'object', description: 'Pay by card.\n\nSecond paragraph.', properties: { number: { type: 'string' } } }] })).toBe(`Type: Card.

One of:

- Card: object

  Pay by card.

  Second paragraph.

  | Field | Type | Required | Description |
  | --- | --- | --- | --- |
  | \`number\` | string | no |  |`);
  });

  it('headings in a description nest under the page title', () => {
    expect(markdown({ type: 'string', description: 'Intro.\n\n# Usage\n\nText.' })).toBe('Intro.\n\n## Usage\n\nText.\n\nType: string.');
    expect(schemaMarkdown(schemaModel({ type: 'string', description: '# Usage' }), { schemaUrl, headingLevel: 4 })).toBe('#### Usage\n\nType: string.');
  });

  it('maps and other properties', () => {
    expect(markdown({ type: 'object', additionalProperties: { type: 'integer' } })).toBe('Type: map of integer.');
    expect(markdown({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: ref('Extra') })).toBe(`Other properties: [Extra](${URL}/extra/).

| Field | Type | Required | Description |
| --- | --- | --- | --- |
| \`a\` | string | no |  |`);
  });

  it('escapes what would break a table or a link', () => {
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`x')).toBe('`` `x ``');
    expect(typeMarkdown([{ kind: 'ref', name: 'Foo_[x]' }], { schemaUrl: () => '/s/a b)/' })).toBe('[Foo\\_\\[x\\]](/s/a%20b%29/)');
    expect(fieldsTable(schemaModel({ properties: { 'a|b': { type: 'string', description: 'x | y' } } }).fields, { schemaUrl })[2]).toBe('| `a\\|b` | string | no | x \\| y |');
  });
});
