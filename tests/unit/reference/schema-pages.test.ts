import { describe, expect, it } from 'vitest';
import type { OpenApiInput } from '../../../src/openapi/index.ts';
import { componentSchemas, schemaPageMarkdown, schemaPages, schemaSlugBase, schemaUsage } from '../../../src/reference/schema-pages.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const document = {
  openapi: '3.1.0',
  info: { title: 'Zoo', version: '1' },
  paths: {
    '/pets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: ref('PetId') }],
      get: { operationId: 'getPet', responses: { '200': { $ref: '#/components/responses/PetResponse' }, default: { description: 'Error', content: { 'application/json': { schema: ref('Error'), example: { $ref: '#/components/schemas/NotUsed' } } } } } },
      put: { operationId: 'putPet', requestBody: { content: { 'application/json': { schema: { type: 'array', items: ref('A') } } } }, responses: { '204': { description: 'Done' } } },
    },
  },
  components: {
    responses: { PetResponse: { description: 'A pet', content: { 'application/json': { schema: ref('Foo.Bar') } } } },
    schemas: {
      'Foo-Bar': { type: 'string', title: 'A dashed name' },
      'Foo.Bar': { type: 'object', description: 'A dotted name.\n\nSecond paragraph.', properties: { a: ref('A') }, example: { a: {} } },
      A: { type: 'object', properties: { b: ref('B') } },
      B: { type: 'object', properties: { a: ref('A'), self: ref('B') } },
      PetId: { type: 'string' },
      Error: { type: 'object' },
      NotASchema: 'oops',
    },
  },
} as unknown as OpenApiInput;

describe('schema pages', () => {
  it('slugs are kebab-case, safe for any characters', () => {
    expect(['PetStore', 'HTTPError', 'Foo.Bar', 'Foo-Bar', 'foo_bar', 'Café', '日本', 'repos/{owner}', 'a'.repeat(100)].map(schemaSlugBase)).toEqual([
      'pet-store',
      'http-error',
      'foo-bar',
      'foo-bar',
      'foo-bar',
      'cafe',
      'schema',
      'repos-owner',
      'a'.repeat(80),
    ]);
  });

  it('one page per named schema, in document order, unique slugs (a later clash gets -2), titles are the names', () => {
    expect(schemaPages(document)).toEqual([
      { name: 'Foo-Bar', slug: 'reference/schemas/foo-bar', title: 'Foo-Bar', summary: 'A dashed name' },
      { name: 'Foo.Bar', slug: 'reference/schemas/foo-bar-2', title: 'Foo.Bar', summary: 'A dotted name.' },
      { name: 'A', slug: 'reference/schemas/a', title: 'A', summary: 'The A schema.' },
      { name: 'B', slug: 'reference/schemas/b', title: 'B', summary: 'The B schema.' },
      { name: 'PetId', slug: 'reference/schemas/pet-id', title: 'PetId', summary: 'The PetId schema.' },
      { name: 'Error', slug: 'reference/schemas/error', title: 'Error', summary: 'The Error schema.' },
    ]);
    expect([...componentSchemas(document).keys()]).not.toContain('NotASchema');
    expect(schemaPages({ openapi: '3.0.3', paths: {} } as OpenApiInput)).toEqual([]);
  });

  it('usage: schemas that refer to each other (cycles included) and operations through their own components', () => {
    const usage = schemaUsage(document, [
      { id: 'get-pet', operation: document.paths!['/pets/{id}']!['get'], pathItem: document.paths!['/pets/{id}'] },
      { id: 'put-pet', operation: document.paths!['/pets/{id}']!['put'], pathItem: document.paths!['/pets/{id}'] },
    ]);
    expect(Object.fromEntries(usage)).toEqual({
      A: { schemas: ['B', 'Foo.Bar'], operations: ['put-pet'] },
      B: { schemas: ['A'], operations: [] },
      'Foo.Bar': { schemas: [], operations: ['get-pet'] },
      PetId: { schemas: [], operations: ['get-pet', 'put-pet'] },
      Error: { schemas: [], operations: ['get-pet'] },
    });
  });

  it('the Markdown source: title, the schema by reference, its example, and who uses it', () => {
    const page = schemaPages(document)[1]!;
    const markdown = schemaPageMarkdown(page, componentSchemas(document).get('Foo.Bar')!, {
      schemaUrl: (name) => `https://docs.example/1/reference/schemas/${schemaSlugBase(name)}/`,
      usedBy: [{ title: 'Get a [pet]', url: 'https://docs.example/1/reference/get-pet/' }],
    });
    expect(markdown).toBe(`# Foo.Bar

A dotted name.

Second paragraph.

| Field | Type | Required | Description |
| --- | --- | --- | --- |
| \`a\` | [A](https://docs.example/1/reference/schemas/a/) | no |  |

## Example

\`\`\`json
{
  "a": {}
}
\`\`\`

## Used by

- [Get a \\[pet\\]](https://docs.example/1/reference/get-pet/)
`);
  });
});
