/** The Markdown sources of reference pages (`/{version}/reference.md`, `/{version}/reference/{operation}.md`). Pure. */
import { oneLine } from '../lib/text.ts';
import type { OperationParameter, ResolvedSchema } from '../openapi/index.ts';
import { sample, SAMPLE_LANGUAGES } from '../console/samples.ts';
import type { ReferenceCatalog, ReferenceEntry } from './catalog.ts';
import { exampleRequest } from './example-request.ts';
import { constraints, schemaRows, typeLabel } from './schema-rows.ts';

export interface ReferenceUrls {
  baseUrl: string;
  partnersBaseUrl: string;
  /** Absolute URL of a reference page's HTML, from its slug. */
  pageUrl(slug: string): string;
}

const FENCE_LANGUAGE = { curl: 'bash', fetch: 'js', python: 'python' } as const;

export function operationMarkdown(entry: ReferenceEntry, urls: ReferenceUrls): string {
  const { operation } = entry;
  const baseUrl = operation.interface === 'partner' ? urls.partnersBaseUrl : urls.baseUrl;
  const lines = [`# ${entry.title}`, '', `\`${operation.method.toUpperCase()} ${baseUrl}${operation.path}\``, ''];
  if (operation.description) lines.push(operation.description.trim(), '');
  if (operation.requiresAuth) lines.push('Requires `Authorization: Bearer <token>`.', '');
  if (operation.parameters.length > 0) lines.push('## Parameters', '', ...parameterTable(operation.parameters), '');
  if (operation.requestBody) {
    lines.push('## Request body', '', `\`${operation.requestBody.contentType}\`${operation.requestBody.required ? ', required' : ', optional'}.`, '');
    lines.push(...schemaTable(operation.requestBody.schema), '');
  }
  lines.push('## Responses', '');
  for (const response of operation.responses) {
    lines.push(`### ${response.status} ${oneLine(response.description)}`, '');
    if (response.example !== undefined) lines.push('```json', JSON.stringify(response.example, null, 2), '```', '');
  }
  lines.push('## Code samples', '');
  const request = exampleRequest(operation, baseUrl);
  for (const { id, label } of SAMPLE_LANGUAGES) lines.push(`### ${label}`, '', `\`\`\`${FENCE_LANGUAGE[id]}`, sample(id, request), '```', '');
  return `${lines.join('\n').trimEnd()}\n`;
}

export function overviewMarkdown(catalog: ReferenceCatalog, urls: ReferenceUrls): string {
  const lines = ['# API reference', ''];
  if (catalog.description) lines.push(catalog.description.trim(), '');
  lines.push('## Servers', '', `- Main interface: \`${urls.baseUrl}\``, `- Partner interface: \`${urls.partnersBaseUrl}\``, '');
  lines.push('## Endpoints', '');
  for (const entry of catalog.operations) {
    lines.push(`- [${entry.title}](${urls.pageUrl(entry.slug)}): \`${entry.operation.method.toUpperCase()} ${entry.operation.path}\``);
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function parameterTable(parameters: readonly OperationParameter[]): string[] {
  return [
    '| Name | In | Type | Required | Description |',
    '| --- | --- | --- | --- | --- |',
    ...parameters.map((p) => row([`\`${p.name}\``, p.in, typeLabel(p.schema), p.required ? 'yes' : 'no', describe(p.description, constraints(p.schema))])),
  ];
}

function schemaTable(schema: ResolvedSchema): string[] {
  const rows = schemaRows(schema);
  if (rows.length === 0) return [];
  return ['| Field | Type | Required | Description |', '| --- | --- | --- | --- |', ...rows.map((r) => row([`\`${r.name}\``, r.type, r.required ? 'yes' : 'no', describe(r.description, r.constraints)]))];
}

function describe(description: string | undefined, limits: string[]): string {
  return [oneLine(description ?? ''), limits.length > 0 ? `(${limits.join('; ')})` : ''].filter(Boolean).join(' ');
}

function row(cells: string[]): string {
  return `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
}

