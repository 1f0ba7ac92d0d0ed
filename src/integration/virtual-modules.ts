import type { Plugin } from 'vite';
import type { UserRecord } from '../config/schemas/users.ts';
import type { SiteModel } from '../model/types.ts';
import type { LoadedEventApi } from '../asyncapi/load.ts';
import { DATA_MODULE_META } from './incremental.ts';

export const MODEL_MODULE = 'virtual:caravan-docs/model';
const CONTENT_MODULE = 'virtual:caravan-docs/content';
const DOCS_ROOT_MODULE = 'virtual:caravan-docs/docs-root';
const USERS_MODULE = 'virtual:caravan-docs/users';
const SOURCES_MODULE = 'virtual:caravan-docs/sources';
const BUILD_MODULE = 'virtual:caravan-docs/build';
const EVENTS_MODULE = 'virtual:caravan-docs/event-apis';

/** What content.config.ts needs to load exactly the pages this build renders. */
export interface ContentSelection {
  /** Absolute path of content/ in the docs root. */
  base: string;
  /** Glob patterns relative to `base`: every page file, minus the ones not built. */
  pattern: string[];
}

/** What the virtual modules serve; the dev server replaces `model` when a page's front matter changes. */
export interface VirtualModuleData {
  model: SiteModel;
  content: ContentSelection;
  /** Absolute path of the folder holding config/ and content/: discovery routes read public pages' sources from it. */
  docsRoot: string;
  /** Server builds only; the modules are empty in a static build, where nothing imports them. */
  server?: ServerData | undefined;
  /** This build's id, new for every build: the server keys its page cache and gated search indexes by it. */
  buildId: string;
  /** The public event APIs (AsyncAPI), parsed and normalised. */
  events: LoadedEventApi[];
}

/** Data only the sign-in server reads. */
export interface ServerData {
  users: UserRecord[];
  /** Source text of every page by file (gated pages' `.md` URLs, the MCP server) and the OpenAPI descriptions. */
  sources: Record<string, string>;
}

/** Serves the site model and the content selection to routes through virtual modules. */
export function virtualModulesPlugin(data: VirtualModuleData): Plugin {
  const modules: Record<string, () => string> = {
    [MODEL_MODULE]: () => `export const model = ${JSON.stringify(data.model)};`,
    [CONTENT_MODULE]: () => `export const content = ${JSON.stringify(data.content)};`,
    [DOCS_ROOT_MODULE]: () => `export const docsRoot = ${JSON.stringify(data.docsRoot)};`,
    [USERS_MODULE]: () => `export const users = ${JSON.stringify(data.server?.users ?? [])};`,
    [SOURCES_MODULE]: () => `export const sources = ${JSON.stringify(data.server?.sources ?? {})};`,
    [BUILD_MODULE]: () => `export const buildId = ${JSON.stringify(data.buildId)};`,
    [EVENTS_MODULE]: () => `export const eventApis = ${JSON.stringify(data.events)};`,
  };
  return {
    name: 'caravan-docs:virtual-modules',
    resolveId(id) {
      return id in modules ? `\0${id}` : undefined;
    },
    load(id) {
      const module = id.startsWith('\0') ? modules[id.slice(1)] : undefined;
      // Data, not code: page keys cover what each page shows of it (see incremental.ts).
      return module ? { code: module(), meta: DATA_MODULE_META } : undefined;
    },
  };
}
