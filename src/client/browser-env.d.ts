// What browser code may use of Vite's `import.meta.env`, for tsconfig.browser.json: Astro's own
// client types pull in Node's, which would hide a Node import in browser code.
interface ImportMetaEnv {
  readonly BASE_URL: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// A stylesheet imported as text (`?inline`): the lazily loaded console and search add theirs (add-styles.ts).
declare module '*.css?inline' {
  const css: string;
  export default css;
}

// A file emitted as an asset and imported as its URL (`?url`): diagrams.ts loads Mermaid's script from it.
declare module '*?url' {
  const url: string;
  export default url;
}
