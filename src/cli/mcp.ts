/**
 * `caravan-docs mcp`: the documentation's MCP server over stdio, for a local assistant (Claude
 * Desktop, VS Code, Cursor, …). It serves what an anonymous reader of the site sees: the public
 * pages, the API reference, the llms.txt indexes and the sandbox, built from config/ and content/
 * of the site (`--root`, DOCS_ROOT or the current folder). Logs go to stderr; stdout carries the
 * protocol only.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { DocsInputError } from '../config/errors.ts';
import { registerSiteModules } from '../mcp/node-modules.ts';
import { sandboxPool } from '../mcp/sandbox-calls.ts';
import { createDocsServer } from '../mcp/tools.ts';
import { agentView } from '../mcp/view.ts';
import { commandArgs, siteFolder } from './args.ts';

export async function mcpCommand(args: string[]): Promise<void> {
  const { values } = commandArgs(args, { root: { type: 'string' } });
  const docsRoot = siteFolder(values.root);
  try {
    await registerSiteModules(docsRoot);
  } catch (error) {
    if (!(error instanceof DocsInputError)) throw error;
    console.error(`mcp: cannot load the site in ${docsRoot}.\n${error.format()}`);
    process.exit(1);
  }
  const started = performance.now();
  // Imported after the virtual modules are registered: it reads them when loaded.
  const { siteCorpus, siteSandboxParts } = await import('../mcp/site-source.ts');
  const view = agentView(siteCorpus(), undefined);
  const sandboxes = sandboxPool(siteSandboxParts);
  const server = createDocsServer({ view, sandbox: (key, caller) => sandboxes(caller, key) });
  await server.connect(new StdioServerTransport());
  const pages = view.versions.reduce((sum, version) => sum + version.docs.length, 0);
  console.error(`caravan-docs MCP server (stdio): ${view.corpus.config.title}, ${pages} pages in ${view.versions.length} version(s), ready in ${Math.round(performance.now() - started)} ms.`);
}
