// What browser code may use of Vite's `import.meta.env`, for tsconfig.browser.json: Astro's own
// client types pull in Node's, which would hide a Node import in browser code.
interface ImportMetaEnv {
  readonly BASE_URL: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
