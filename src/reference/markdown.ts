/** The Markdown sources of reference pages (`/{version}/reference.md`, `/{version}/reference/{operation}.md`). Pure. */
import { oneLine } from '../discovery/text.ts';
import type { MediaContent, OperationParameter, OperationResponse, ResolvedOperation, ResolvedSchema, SecurityRequirement } from '../openapi/index.ts';
import { sample, SAMPLE_LANGUAGES } from '../console/samples.ts';
import { REFERENCE_SLUG, type ReferenceCatalog, type ReferenceEntry } from './catalog.ts';
import { exampleRequest } from './example-request.ts';
import { exampleText } from './example-text.ts';
import type { Overview } from './overview.ts';
import { nestMarkdownHeadings } from './description-markdown.ts';
import { factsMarkdown, schemaMarkdown, typeMarkdown } from './schema-markdown.ts';
import { schemaModel, schemaRefName, typeOf } from './schema-model.ts';

export interface ReferenceUrls {
  /** Absolute URL of a reference page's HTML, from its slug. */
  pageUrl(slug: string): string;
  /** Absolute URL of a named schema's page; undefined when it has none. */
  schemaUrl(name: string): string | undefined;
  /** The schema a `#/components/schemas/X` reference names (to show a request body's fields in place). */
  lookup(ref: string): ResolvedSchema | undefined;
  /** Slug of the API's overview (`reference`, or `reference/<id>` for one of several APIs). */
  overview?: string;
}

/** A fenced code block whose fence is longer than any run of backticks in the code. */
function fenced(code: string, language: string): string[] {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${language}`, code, fence];
}

/** `GET https://api.example.com/v1/pets/{petId}`, or the webhook's name and method. */
function endpointLine(operation: ResolvedOperation): string {
  return operation.kind === 'webhook'
    ? `Webhook \`${operation.path}\`: the API sends \`${operation.method.toUpperCase()}\` requests to the URL you register.`
    : `\`${operation.method.toUpperCase()} ${operation.serverUrl}${operation.path}\``;
}

/** What one security alternative asks for, in words: "`bearerAuth` (scopes read, write)". */
export function requirementText(requirement: SecurityRequirement): string {
  if (requirement.length === 0) return 'no credential';
  return requirement.map(({ scheme, scopes }) => `\`${scheme.key}\`${scopes.length > 0 ? ` (scopes ${scopes.map((scope) => `\`${scope}\``).join(', ')})` : ''}`).join(' and ');
}

export function operationMarkdown(entry: ReferenceEntry, operation: ResolvedOperation, urls: ReferenceUrls): string {
  const lines = [`# ${entry.title}`, ''];
  if (operation.deprecated) lines.push('> [!WARNING]', '> Deprecated: this operation may be removed in a later version.', '');
  lines.push(endpointLine(operation), '');
  if (operation.description) lines.push(nestMarkdownHeadings(operation.description.trim(), 2), '');
  if (operation.security.length > 0) {
    lines.push('## Authentication', '', `Any one of: ${operation.security.map(requirementText).join('; or ')}. See the [overview](${urls.pageUrl(urls.overview ?? REFERENCE_SLUG)}).`, '');
  }
  if (operation.parameters.length > 0) lines.push('## Parameters', '', ...parameterTable(operation.parameters, urls), '');
  if (operation.requestBody) {
    lines.push('## Request body', '', `${operation.requestBody.required ? 'Required' : 'Optional'}; ${contentTypes(operation.requestBody.contents)}.`, '');
    if (operation.requestBody.description) lines.push(nestMarkdownHeadings(operation.requestBody.description.trim(), 3), '');
    lines.push(...bodySchema(operation.requestBody.schema, urls), '');
  }
  lines.push('## Responses', '');
  for (const response of operation.responses) lines.push(...responseLines(response, urls));
  if (operation.callbacks.length > 0) {
    lines.push('## Callbacks', '');
    for (const callback of operation.callbacks) {
      lines.push(`### ${callback.name}: ${callback.method.toUpperCase()} \`${callback.expression}\``, '');
      if (callback.summary) lines.push(callback.summary, '');
      if (callback.description) lines.push(nestMarkdownHeadings(callback.description.trim(), 4), '');
      if (callback.requestBody) lines.push(schemaText(callback.requestBody.schema, urls, 4), '');
    }
  }
  if (operation.kind === 'path') {
    lines.push('## Code samples', '');
    const request = exampleRequest(operation);
    // The description's own samples first, as on the page.
    for (const described of operation.codeSamples ?? []) lines.push(`### ${described.label}`, '', ...fenced(described.source.trimEnd(), described.lang.toLowerCase()), '');
    for (const { id, label, fence } of SAMPLE_LANGUAGES) lines.push(`### ${label}`, '', ...fenced(sample(id, request), fence), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function contentTypes(contents: readonly MediaContent[]): string {
  return contents.map((media) => `\`${media.contentType}\``).join(', ');
}

function responseLines(response: OperationResponse, urls: ReferenceUrls): string[] {
  const lines = [`### ${response.status} ${oneLine(response.description.split('\n')[0] ?? '')}`.trimEnd(), ''];
  if (response.contents.length > 0) lines.push(`Content: ${contentTypes(response.contents)}.`, '');
  if (response.headers.length > 0) {
    lines.push('| Header | Type | Description |', '| --- | --- | --- |', ...response.headers.map((header) => row([`\`${header.name}\``, header.schema ? typeMarkdown(typeOf(header.schema), urls) : '', oneLine(header.description ?? '')])), '');
  }
  if (response.links.length > 0) {
    lines.push('Links:', '', ...response.links.map((link) => `- \`${link.name}\`${link.operation ? ` → \`${link.operation}\`` : ''}${link.description ? `: ${oneLine(link.description)}` : ''}`), '');
  }
  if (response.example !== undefined) {
    const shown = exampleText(response.example, response.contentType);
    lines.push(`\`\`\`${shown.lang === 'text' ? '' : shown.lang}`, shown.code, '```', '');
    if (shown.omitted > 0) lines.push(`(The example continues for ${shown.omitted} more lines; shortened here.)`, '');
  }
  if (response.schema) lines.push(schemaText(response.schema, urls, 4), '');
  return lines;
}

export function overviewMarkdown(catalog: ReferenceCatalog, overview: Overview, urls: ReferenceUrls): string {
  // A version's single API is "the API reference"; one of several goes by its title.
  const lines = [catalog.id === '' ? '# API reference' : `# ${catalog.title}`, ''];
  if (catalog.title) lines.push(`Generated from the OpenAPI description of ${catalog.title}${catalog.api.document.info?.version ? ` (version ${catalog.api.document.info.version})` : ''}.`, '');
  if (catalog.description) lines.push(catalog.description.trim(), '');
  lines.push('## Servers', '');
  for (const server of overview.servers) {
    const replaced = server.described ? ` (the description says \`${server.described}\`)` : '';
    const owner = server.ownedBy > 0 ? `; used by ${server.ownedBy} operation${server.ownedBy === 1 ? ' that declares' : 's that declare'} it` : '';
    lines.push(`- \`${server.url}\`${replaced}${server.description ? `: ${oneLine(server.description)}` : ''}${owner}`);
    for (const variable of server.variables) {
      lines.push(`  - \`{${variable.name}}\`: default \`${variable.default}\`${variable.values ? `, one of ${variable.values.map((value) => `\`${value}\``).join(', ')}` : ''}${variable.description ? ` (${oneLine(variable.description)})` : ''}`);
    }
  }
  lines.push('', '## Authentication', '');
  if (overview.schemes.length === 0) lines.push('The description declares no security schemes.', '');
  else {
    lines.push(overview.globalSecurity, '');
    for (const { scheme, summary } of overview.schemes) {
      lines.push(`### ${scheme.key}`, '', summary, '');
      if (scheme.description) lines.push(scheme.description.trim(), '');
      for (const flow of scheme.flows ?? []) {
        const scopes = Object.entries(flow.scopes);
        lines.push(`- ${flow.flow}${flow.authorizationUrl ? `, authorization URL \`${flow.authorizationUrl}\`` : ''}${flow.tokenUrl ? `, token URL \`${flow.tokenUrl}\`` : ''}${scopes.length > 0 ? `; scopes: ${scopes.map(([name]) => `\`${name}\``).join(', ')}` : ''}`);
      }
      if ((scheme.flows ?? []).length > 0) lines.push('');
    }
  }
  lines.push('## Endpoints', '');
  for (const group of catalog.groups) {
    if (group.name) lines.push(`### ${group.name}`, '');
    for (const tag of group.tags) {
      lines.push(`${group.name ? '####' : '###'} ${tag.title}`, '');
      if (tag.description) lines.push(tag.description.trim(), '');
      for (const entry of tag.entries) {
        const where = entry.ref.kind === 'webhook' ? `webhook \`${entry.ref.path}\`` : `\`${entry.ref.method.toUpperCase()} ${entry.ref.path}\``;
        lines.push(`- [${entry.title}](${urls.pageUrl(entry.slug)}): ${where}${entry.ref.operation['deprecated'] === true ? ' (deprecated)' : ''}`);
      }
      lines.push('');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function parameterTable(parameters: readonly OperationParameter[], urls: ReferenceUrls): string[] {
  return [
    '| Name | In | Type | Required | Description |',
    '| --- | --- | --- | --- | --- |',
    ...parameters.map((p) => {
      const facts = factsMarkdown(schemaModel(p.schema, { maxDepth: 0 }));
      return row([`\`${p.name}\``, p.in, typeMarkdown(typeOf(p.schema), urls), p.required ? 'yes' : 'no', describe(`${p.deprecated ? 'Deprecated. ' : ''}${p.description ?? ''}`, facts)]);
    }),
  ];
}

/** A schema's Markdown (named schemas linked, not expanded). */
function schemaText(schema: ResolvedSchema, urls: ReferenceUrls, headingLevel: number): string {
  return schemaMarkdown(schemaModel(schema), { schemaUrl: (name) => urls.schemaUrl(name), headingLevel });
}

/** A request body that is one named schema shows that schema's fields in place, as its page does. */
function bodySchema(schema: ResolvedSchema, urls: ReferenceUrls): string[] {
  const name = schemaRefName(schema['$ref']);
  const target = name === undefined ? undefined : urls.lookup(String(schema['$ref']));
  if (name === undefined || target === undefined) return [schemaText(schema, urls, 3)];
  const url = urls.schemaUrl(name);
  return [`Schema: ${url ? `[${name}](${url})` : `\`${name}\``}.`, '', schemaText(target, urls, 3)];
}

function describe(description: string | undefined, facts: string): string {
  return [oneLine(description ?? ''), facts].filter(Boolean).join(' ');
}

function row(cells: string[]): string {
  return `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
}

/** One API of a version's list (`/{version}/reference/`), whichever kind of description it has. */
export interface ApiListEntry {
  title: string;
  /** Its overview's slug. */
  base: string;
  description: string;
  operations: number;
  /** The description's own version (`info.version`), when it has one. */
  version?: string | undefined;
  /** What kind of API it is: `OpenAPI 3.1.0`, `AsyncAPI 3.0.0 over WSS`. */
  kind: string;
}

/** An OpenAPI description's entry in the list. */
export function openApiListEntry(catalog: ReferenceCatalog): ApiListEntry {
  const { document } = catalog.api;
  return { title: catalog.title, base: catalog.base, description: catalog.description, operations: catalog.operations.length, version: document.info?.version, kind: `OpenAPI ${document.openapi ?? ''}`.trim() };
}

/** `/{version}/reference.md` of a version with a list of APIs: each API with its overview's URL, first line, operation count and kind. */
export function apiListMarkdown(entries: readonly ApiListEntry[], pageUrl: (slug: string) => string): string {
  const lines = ['# API reference', '', `This version documents ${entries.length} API${entries.length === 1 ? '' : 's'}.`, ''];
  for (const entry of entries) {
    const summary = oneLine(entry.description.split(/\n\s*\n/)[0] ?? '');
    const count = `${entry.operations} operation${entry.operations === 1 ? '' : 's'}`;
    lines.push(`- [${entry.title}](${pageUrl(entry.base)}): ${summary ? `${summary} ` : ''}(${entry.kind}, ${count})`);
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
