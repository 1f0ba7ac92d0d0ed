/**
 * Markdown of a schema render model (see schema-model.ts), for the `.md` sources agents read.
 * Named schemas are links to their own pages; descriptions stay Markdown as written (GitHub
 * alerts included: they are valid GFM), except that their headings nest under the page's
 * (see nestMarkdownHeadings). Pure.
 */
import { oneLine } from '../discovery/text.ts';
import { nestMarkdownHeadings } from './description-markdown.ts';
import type { FieldModel, SchemaFacts, SchemaModel, SchemaNode, TypePart, VariantModel, VariantsModel } from './schema-model.ts';

export interface SchemaMarkdownOptions {
  /** URL of a named schema's page; undefined when there is none (the name is shown as code). */
  schemaUrl(name: string): string | undefined;
  /** Level of the top heading inside descriptions (see nestMarkdownHeadings). Default 2: under the page's `#` title. */
  headingLevel?: number;
}

/** Examples longer than this (as JSON) are left out of table cells. */
const MAX_INLINE_EXAMPLE = 80;

/** A code span that survives backticks in the value (CommonMark: a longer fence, padded). */
export function codeSpan(value: string): string {
  const longest = Math.max(0, ...[...value.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = value.startsWith('`') || value.endsWith('`') || value === '' ? ' ' : '';
  return `${fence}${pad}${value}${pad}${fence}`;
}

/** `[Pet](url)`, `array of [Pet](url)`, `string or null`. */
export function typeMarkdown(type: readonly TypePart[], options: SchemaMarkdownOptions, nullable = false): string {
  const label = type.map((part) => (part.kind === 'text' ? part.text : refMarkdown(part.name, options))).join('');
  return nullable ? `${label} or null` : label;
}

function refMarkdown(name: string, options: SchemaMarkdownOptions): string {
  const url = options.schemaUrl(name);
  const label = name.replace(/[\\[\]*_`<>|]/g, '\\$&');
  return url === undefined ? codeSpan(name) : `[${label}](${url.replaceAll(' ', '%20').replaceAll(')', '%29')})`;
}

/** Deprecated, read-only and write-only, in words. */
export function flagLabels(facts: SchemaFacts): string[] {
  return [
    ...(facts.deprecated ? ['Deprecated'] : []),
    ...(facts.readOnly ? ['Read-only: in responses only'] : []),
    ...(facts.writeOnly ? ['Write-only: in requests only'] : []),
  ];
}

const json = (value: unknown): string => codeSpan(JSON.stringify(value) ?? 'undefined');
/** Enum values as written: strings without JSON quotes (`spice`), anything else as JSON (`null`, `3`). */
const enumValue = (value: unknown): string => (typeof value === 'string' ? codeSpan(value) : json(value));

/** Allowed values, constant, default, format and limits as one line of inline Markdown. */
export function factsMarkdown(facts: SchemaFacts): string {
  const sentences: string[] = [];
  if (facts.enum) sentences.push(`Must be one of ${facts.enum.map(enumValue).join(', ')}.`);
  if (Object.hasOwn(facts, 'const')) sentences.push(`Always ${json(facts.const)}.`);
  if (Object.hasOwn(facts, 'default')) sentences.push(`Default: ${json(facts.default)}.`);
  if (facts.format) sentences.push(`Format: ${codeSpan(facts.format)}.`);
  if (facts.constraints) sentences.push(`${capitalise(facts.constraints.map((limit) => (limit.code === undefined ? limit.text : `${limit.text} ${[limit.code].flat().map(codeSpan).join(', ')}`)).join('; '))}.`);
  const items = facts.items ? [...flagLabels(facts.items).map((label) => `${label}.`), ...(facts.items.nullable ? ['May be null.'] : []), factsMarkdown(facts.items)].filter(Boolean).join(' ') : '';
  if (items) sentences.push(`Each item: ${items.charAt(0).toLowerCase()}${items.slice(1)}`);
  return sentences.join(' ');
}

/** The first example, as inline code, when it is short enough for a table cell. */
export function inlineExample(facts: SchemaFacts): string | undefined {
  const text = facts.examples && facts.examples.length > 0 ? JSON.stringify(facts.examples[0]) : undefined;
  return text !== undefined && text.length <= MAX_INLINE_EXAMPLE ? `Example: ${codeSpan(text)}.` : undefined;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The Markdown of a schema: description, type, facts, variants, then the fields table. */
export function schemaMarkdown(model: SchemaModel, options: SchemaMarkdownOptions): string {
  return schemaLines(model, options).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

function schemaLines(model: SchemaModel, options: SchemaMarkdownOptions): string[] {
  const lines: string[] = [];
  if (model.description) lines.push(nestMarkdownHeadings(model.description.trim(), options.headingLevel ?? 2), '');
  const plainObject = model.fields.length > 0 && model.type.length === 1 && model.type[0]!.kind === 'text' && model.type[0]!.text === 'object';
  const summary = [
    ...((plainObject && !model.nullable) || model.type.length === 0 ? [] : [`Type: ${typeMarkdown(model.type, options, model.nullable)}.`]),
    ...flagLabels(model).map((label) => `${label}.`),
    factsMarkdown(model),
  ].filter(Boolean);
  // Facts can open the line (`> 0.`): escaped, they stay text instead of becoming a quote or a list.
  if (summary.length > 0) lines.push(summary.join(' ').replace(/^([>#+*-])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2'), '');
  lines.push(...nodeLines(model, options));
  if (model.fields.length > 0) lines.push(...fieldsTable(model.fields, options), '');
  for (const field of model.fields) {
    if (field.variants && !variantsInline(field.variants)) lines.push(`${codeSpan(field.path)} is ${variantsIntro(field.variants)}`, '', ...variantList(field.variants, options), '');
  }
  return lines;
}

/** Includes, discriminator, variants and other keys: what a schema adds beyond its fields. */
function nodeLines(node: SchemaNode, options: SchemaMarkdownOptions): string[] {
  const lines: string[] = [];
  if (node.includes) lines.push(`Includes every field of ${node.includes.map((name) => refMarkdown(name, options)).join(' and ')}.`, '');
  if (node.discriminator) lines.push(discriminatorMarkdown(node, options), '');
  if (node.variants) lines.push(capitalise(variantsIntro(node.variants)), '', ...variantList(node.variants, options), '');
  const additional = additionalMarkdown(node, options);
  if (additional) lines.push(additional, '');
  return lines;
}

function discriminatorMarkdown(node: SchemaNode, options: SchemaMarkdownOptions): string {
  const { propertyName, mapping } = node.discriminator!;
  const pairs = mapping.map(({ value, target }) => `${codeSpan(value)}: ${typeMarkdown([target], options)}`);
  return `The ${codeSpan(propertyName)} field tells which schema applies${pairs.length > 0 ? `: ${pairs.join('; ')}` : ''}.`;
}

function variantsIntro(variants: VariantsModel): string {
  return variants.kind === 'oneOf' ? 'one of:' : 'any of (one or more):';
}

function variantList(variants: VariantsModel, options: SchemaMarkdownOptions): string[] {
  return variants.options.flatMap((option) => {
    const values = valuesMarkdown(option.values);
    if (option.ref !== undefined) return [`- ${refMarkdown(option.ref, options)}${values}`];
    const model = option.model!;
    const nested = schemaLines({ ...model, type: [] }, options).flatMap((line) => line.split('\n')).filter((line, index, all) => line !== '' || (index > 0 && all[index - 1] !== ''));
    const type = typeMarkdown(model.type, options, model.nullable);
    const head = `- ${option.title}${type === '' ? '' : `: ${type}`}${values}`;
    // Indented under the list item, so a nested table belongs to its variant.
    return [head, ...(nested.length > 0 ? ['', ...nested.map((line) => (line === '' ? '' : `  ${line}`))] : [])];
  });
}

function valuesMarkdown(values: readonly string[] | undefined): string {
  return values ? ` (${values.map(codeSpan).join(', ')})` : '';
}

function additionalMarkdown(node: SchemaNode, options: SchemaMarkdownOptions): string | undefined {
  const additional = node.additional;
  if (additional === undefined) return undefined;
  if (!additional.allowed) return 'No other properties are allowed.';
  return additional.type ? `Other properties: ${typeMarkdown(additional.type, options)}.` : 'Other properties are allowed.';
}

/** `| Field | Type | Required | Description |`, one row per field, nested fields with dotted names. */
export function fieldsTable(fields: readonly FieldModel[], options: SchemaMarkdownOptions): string[] {
  return [
    '| Field | Type | Required | Description |',
    '| --- | --- | --- | --- |',
    ...fields.map((field) => row([codeSpan(field.path), typeMarkdown(field.type, options, field.nullable), field.required ? 'yes' : 'no', fieldDescription(field, options)])),
  ];
}

function fieldDescription(field: FieldModel, options: SchemaMarkdownOptions): string {
  const { variants: choice, ...rest } = field;
  const variants = choice === undefined ? '' : (variantsSentence(choice, options) ?? `${capitalise(choice.kind === 'oneOf' ? 'one of' : 'any of')} the shapes listed below the table.`);
  const node = nodeLines(rest, options).filter(Boolean).join(' ');
  const description = oneLine(field.description ?? '');
  const more = [factsMarkdown(field), variants, node, inlineExample(field) ?? ''].filter(Boolean);
  // The generated sentences follow the author's text; a missing full stop would run them together.
  const ended = description === '' || more.length === 0 || /[.!?:;)]$/.test(description) ? description : `${description}.`;
  return [...flagLabels(field).map((label) => `${label}.`), ended, ...more].filter(Boolean).join(' ');
}

/** `One of: [Cat](…); string (at most 5 characters).` when every variant fits in a line; else undefined. */
export function variantsSentence(variants: VariantsModel, options: SchemaMarkdownOptions): string | undefined {
  return variantsInline(variants) ? `${capitalise(variantsIntro(variants))} ${variants.options.map((option) => shortVariant(option, options)).join('; ')}.` : undefined;
}

/** Variants that fit in one line: references, and inline schemas without fields or choices of their own. */
export function variantsInline(variants: VariantsModel): boolean {
  return variants.options.every((option) => option.model === undefined || isSimple(option.model));
}

function isSimple(model: SchemaModel): boolean {
  return model.fields.length === 0 && !model.variants && !model.includes && !model.discriminator && !model.additional;
}

/** `[Cat](…) (\`cat\`)`, `string (at most 5000 characters)`, `Code: integer`. */
function shortVariant(option: VariantModel, options: SchemaMarkdownOptions): string {
  if (option.ref !== undefined) return `${refMarkdown(option.ref, options)}${valuesMarkdown(option.values)}`;
  const model = option.model!;
  const facts = factsMarkdown(model).replace(/\.$/, '');
  const type = typeMarkdown(model.type, options, model.nullable);
  const label = type === '' ? option.title : `${model.title ? `${model.title}: ` : ''}${type}`;
  return facts ? `${label} (${facts.charAt(0).toLowerCase()}${facts.slice(1)})` : label;
}

function row(cells: string[]): string {
  return `| ${cells.map((cell) => oneLine(cell).replaceAll('|', '\\|')).join(' | ')} |`;
}
