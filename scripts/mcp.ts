/**
 * `npm run mcp`: the documentation's MCP server over stdio, for a local assistant (Claude
 * Desktop, VS Code, Cursor, …). It serves what an anonymous reader of the site sees: the public
 * pages, the API reference, the llms.txt indexes and the sandbox, built from config/ and content/
 * of DOCS_ROOT (default: this project). Logs go to stderr; stdout carries the protocol only.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { docsRootFrom } from '../src/config/load.ts';
import { DocsInputError } from '../src/config/errors.ts';
import { registerSiteModules } from '../src/mcp/node-modules.ts';
import { sandboxPool } from '../src/mcp/sandbox-calls.ts';
import { createDocsServer } from '../src/mcp/tools.ts';
import { agentView } from '../src/mcp/view.ts';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const docsRoot = resolve(docsRootFrom(process.env, projectRoot));
try {
  registerSiteModules(docsRoot);
} catch (error) {
  if (!(error instanceof DocsInputError)) throw error;
  console.error(`mcp: cannot load the site in ${docsRoot}.\n${error.format()}`);
  process.exit(1);
}
const started = performance.now();
// Imported after the virtual modules are registered: it reads them when loaded.
const { siteCorpus, siteSandboxParts } = await import('../src/mcp/site-source.ts');
const view = agentView(siteCorpus(), undefined);
const sandboxes = sandboxPool(siteSandboxParts);
const server = createDocsServer({ view, sandbox: (key, caller) => sandboxes(caller, key) });
await server.connect(new StdioServerTransport());
const pages = view.versions.reduce((sum, version) => sum + version.docs.length, 0);
console.error(`caravan-docs MCP server (stdio): ${view.corpus.config.title}, ${pages} pages in ${view.versions.length} version(s), ready in ${Math.round(performance.now() - started)} ms.`);
