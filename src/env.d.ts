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
