// @ts-check
import mdx from '@astrojs/mdx';
import { defineConfig } from 'astro/config';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheFolderName, codeDigest, removeStaleCacheFolders } from './src/integration/cache-folder.ts';
import { caravanDocs } from './src/integration/index.ts';
import { codeBlockTransformer } from './src/markdown/code-blocks.ts';
import { tokenClassTransformer } from './src/markdown/token-classes.ts';
import { docsMarkdown } from './src/markdown/pipeline.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
/** DOCS_ROOT points the generator at another folder holding config/ and content/. */
const docsRoot = resolve(process.env.DOCS_ROOT || projectRoot);
// One cache per docs root and generator code (src/integration/cache-folder.ts): a fixture never
// reuses another site's pages, and new generator code never reuses pages the old one rendered.
const cacheKey = cacheFolderName(docsRoot, codeDigest(resolve(projectRoot, 'src')));
removeStaleCacheFolders(resolve(projectRoot, 'node_modules/.astro'), cacheKey);

export default defineConfig({
  cacheDir: `./node_modules/.astro/${cacheKey}`,
  integrations: [caravanDocs({ docsRoot }), mdx()],
  // Inline CSS saves a render-blocking round trip (Lighthouse LCP); it is ~3 KB gzip per page.
  build: { format: 'directory', inlineStylesheets: 'always' },
  markdown: {
    // Directives (callouts, tabs, steps, file trees, cards) and GitHub alerts: src/markdown/.
    processor: docsMarkdown(docsRoot),
    // One tokenising pass (Shiki's css-variables theme): half the highlighting work of dual
    // themes. The transformers read titles, highlighted lines and diffs from the fence
    // (src/markdown/code-blocks.ts) and turn each token's inline style into a class whose
    // colours follow the page theme (src/markdown/token-classes.ts, DocsShell.astro).
    shikiConfig: { theme: 'css-variables', transformers: [codeBlockTransformer, tokenClassTransformer] },
  },
  devToolbar: { enabled: false },
  vite: {
    build: {
      // Inlining constants nearly doubles MSW's gzip size on console pages.
      rolldownOptions: { optimization: { inlineConst: false } },
      // Scripts stay files, never inlined into pages: the Content-Security-Policy then allows
      // scripts from the site plus one hash (src/server/front/security-headers.ts). Other assets
      // keep Vite's rule.
      assetsInlineLimit: (file) => (/\.m?js$/.test(file) ? false : undefined),
    },
  },
});
