import type { SiteConfig } from '../config/schemas/site.ts';
import { isLoginOnly } from '../config/schemas/auth.ts';
import { oneLine } from './text.ts';
import { mcpUrl } from './site-urls.ts';

/**
 * The paragraph of every llms.txt of a site with sign-in (server mode) announcing its Model
 * Context Protocol endpoint at `{url}{base}mcp`. It is prose, so it sits before the first H2: the
 * format (and its reference parser) wants every H2 section to be a list of links. Static sites
 * have no endpoint, so no paragraph (their stdio server runs from the docs project, not from the
 * published site). The URL is code, not a link: llms.txt links are pages and files an agent can
 * fetch as text.
 */
export function llmsMcpNote(config: SiteConfig): string[] {
  if (!config.auth.enabled) return [];
  const credential = config.auth.oidc
    ? 'a bearer token created on your account page, or an access token from the site\'s sign-in provider'
    : 'a bearer token created on your account page';
  const access = isLoginOnly(config.auth)
    ? `Every request except listing the tools needs ${credential}; it answers with the pages your roles open.`
    : `Without a credential it answers with the public pages this index lists; ${credential} opens the pages your roles allow as well.`;
  return [
    `${oneLine(config.title)} has a Model Context Protocol server at \`${mcpUrl(config)}\` (Streamable HTTP transport), with tools to search the documentation, read pages and API operations as Markdown, list a version's pages and call the API sandbox. ${access}`,
    '',
    'Writers of this documentation can run the same MCP server over stdio from its project folder with `npx caravan-docs mcp`.',
    '',
  ];
}
