/**
 * The Markdown sources of an event API's pages (`/{version}/reference/{api}.md` and
 * `/{version}/reference/{api}/{operation}.md`), for agents and the llms.txt indexes: what the HTML
 * pages say, with schemas as JSON and absolute links. Pure.
 */
import { eventChangesLead } from './changes-lead.ts';
import type { EventCatalog } from './catalog.ts';
import { channelOf } from './catalog.ts';
import { messageExample } from './examples.ts';
import type { EventMessage, EventOperation } from './types.ts';

const fence = (value: unknown): string => ['```json', JSON.stringify(value, null, 2) ?? 'null', '```'].join('\n');
const actionText = (operation: EventOperation) => (operation.action === 'send' ? 'You send' : 'You receive');

function messageMarkdown(message: EventMessage, level: number): string {
  const heading = '#'.repeat(level);
  const example = message.examples.find((entry) => entry.payload !== undefined)?.payload ?? messageExample(message);
  return [
    `${heading} ${message.title ?? message.name ?? message.id}`,
    ...(message.summary ? [message.summary] : []),
    ...(message.description ? [message.description] : []),
    `Message \`${message.id}\`${message.contentType ? `, \`${message.contentType}\`` : ''}.${message.correlationId ? ` Correlation id: \`${message.correlationId.location}\`.` : ''}`,
    ...(message.headers ? [`${heading}# Headers`, fence(message.headers)] : []),
    ...(message.payload ? [`${heading}# Payload`, fence(message.payload)] : []),
    ...(example !== undefined ? [`${heading}# Example`, fence(example)] : []),
  ].join('\n\n');
}

function eventOperationMarkdown(catalog: EventCatalog, operation: EventOperation, overviewUrl: string): string {
  const channel = channelOf(catalog.api, operation);
  return `${[
    `# ${operation.title}`,
    ...(operation.summary && operation.summary !== operation.title ? [`> ${operation.summary}`] : []),
    `${actionText(operation)} on \`${channel?.address ?? operation.channel}\` (${catalog.title}; see the [overview](${overviewUrl}) for its servers).`,
    ...(operation.description ? [operation.description] : []),
    ...(channel && channel.parameters.length > 0 ? ['## Parameters', channel.parameters.map((parameter) => `- \`${parameter.name}\`${parameter.enum ? ` (one of ${parameter.enum.map((value) => `\`${value}\``).join(', ')})` : ''}${parameter.description ? `: ${parameter.description.trim()}` : ''}`).join('\n')] : []),
    '## Messages',
    ...operation.messages.map((message) => messageMarkdown(message, 3)),
    ...(operation.reply ? ['## Reply', `The API answers with one of these messages${operation.reply.address ? ` at \`${operation.reply.address}\`` : ''}.`, ...operation.reply.messages.map((message) => messageMarkdown(message, 3))] : []),
  ].join('\n\n')}\n`;
}

function eventOverviewMarkdown(catalog: EventCatalog, pageUrl: (slug: string) => string): string {
  const { api } = catalog;
  return `${[
    `# ${catalog.title}`,
    `Generated from the AsyncAPI ${api.asyncapi} description of this API (version ${api.version}).${catalog.changes ? ` [${catalog.changes.title}](${pageUrl(catalog.changes.slug)}).` : ''}`,
    ...(api.description ? [api.description] : []),
    '## Servers',
    api.servers.length === 0 ? 'The description names no server.' : api.servers.map((server) => `- \`${server.id}\`: \`${server.url}\` (${server.protocol}${server.protocolVersion ? ` ${server.protocolVersion}` : ''})${server.description ? `: ${server.description}` : ''}`).join('\n'),
    ...(api.securitySchemes.length > 0 ? ['## Security schemes', api.securitySchemes.map((scheme) => `- \`${scheme.id}\`: ${scheme.type}${scheme.description ? `: ${scheme.description}` : ''}`).join('\n')] : []),
    '## What you send and receive',
    catalog.operations.map(({ slug, operation }) => `- [${operation.title}](${pageUrl(slug)}): ${actionText(operation)} on \`${channelOf(api, operation)?.address ?? operation.channel}\`${operation.reply ? ', with a reply' : ''}`).join('\n'),
  ].join('\n\n')}\n`;
}

const KIND_TITLES = { breaking: 'Breaking', 'non-breaking': 'Not breaking', unclassified: 'Unclassified' } as const;

function eventChangesMarkdown(catalog: EventCatalog, overviewUrl: string): string {
  const changes = catalog.changes!;
  const lines = (['breaking', 'non-breaking', 'unclassified'] as const).flatMap((kind) => {
    const list = changes.changes.changes.filter((change) => change.kind === kind);
    return list.length === 0 ? [] : [`## ${KIND_TITLES[kind]}`, list.map((change) => `- ${change.text}${change.path ? ` (\`${change.path}\`)` : ''}`).join('\n')];
  });
  const { previous, comparedBy } = changes.changes;
  const how = comparedBy === 'asyncapi-diff'
    ? 'as @asyncapi/diff classifies it.'
    : changes.changes.fallback === 'versions'
      ? `compared operation by operation (version ${previous.label} is described in AsyncAPI ${previous.asyncapi ?? ''}, this one in AsyncAPI ${catalog.api.asyncapi}, which @asyncapi/diff does not compare).`
      : 'compared operation by operation (@asyncapi/diff could not compare these two descriptions).';
  return `${[`# ${changes.title}`, `What changed in [${catalog.title}](${overviewUrl}) since version ${previous.label}, ${how}`, eventChangesLead(changes.changes), ...(lines.length > 0 ? lines : ['No change.'])].join('\n\n')}\n`;
}

/** Every Markdown source of a version's event APIs, by path under the base (`{version}/reference/{api}.md`, …). */
export function eventMarkdownFiles(versionId: string, catalogs: readonly EventCatalog[], markdownUrl: (versionId: string, slug: string) => string): Map<string, string> {
  const files = new Map<string, string>();
  for (const catalog of catalogs) {
    const overviewUrl = markdownUrl(versionId, catalog.base);
    files.set(`${versionId}/${catalog.base}.md`, eventOverviewMarkdown(catalog, (slug) => markdownUrl(versionId, slug)));
    if (catalog.changes) files.set(`${versionId}/${catalog.changes.slug}.md`, eventChangesMarkdown(catalog, overviewUrl));
    for (const { slug, operation } of catalog.operations) files.set(`${versionId}/${slug}.md`, eventOperationMarkdown(catalog, operation, overviewUrl));
  }
  return files;
}
