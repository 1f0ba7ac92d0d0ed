/// <reference types="astro/client" />

declare module 'virtual:caravan-docs/model' {
  export const model: import('./model/types.ts').SiteModel;
}

declare module 'virtual:caravan-docs/content' {
  export const content: import('./integration/virtual-modules.ts').ContentSelection;
}

declare module 'virtual:caravan-docs/docs-root' {
  /** Absolute path of the folder holding config/ and content/. */
  export const docsRoot: string;
}

declare module 'virtual:caravan-docs/users' {
  /** Readers of config/users.yml (server builds only). */
  export const users: import('./config/schemas/users.ts').UserRecord[];
}

declare module 'virtual:caravan-docs/sources' {
  /** Server builds: source text of every page and the OpenAPI descriptions, by file. */
  export const sources: Readonly<Record<string, string>>;
}

declare module 'virtual:caravan-docs/event-apis' {
  /** The site's public event APIs (AsyncAPI), parsed and normalised (src/asyncapi/load.ts). */
  export const eventApis: import('./asyncapi/load.ts').LoadedEventApi[];
}

declare module 'virtual:caravan-docs/build' {
  /** This build's id (time and random), new for every build. */
  export const buildId: string;
}

declare namespace App {
  interface Locals {
    /** Server builds: the signed-in reader of an on-demand request, read once by the middleware. */
    reader?: import('./model/access.ts').Reader | undefined;
  }
}

declare module 'virtual:caravan-docs/components/*' {
  /** The site's replacement for a named part of every page, or the engine's own (src/integration/site-parts.ts). */
  const Component: (props: Record<string, unknown>) => unknown;
  export default Component;
}

declare module 'virtual:caravan-docs/custom-css' {
  /** The site's CSS files (`theme.customCss`), joined, as the page inlines them. */
  const css: string;
  export default css;
}
