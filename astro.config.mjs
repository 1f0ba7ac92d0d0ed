// @ts-check
import mdx from '@astrojs/mdx';
import { defineConfig } from 'astro/config';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caravanDocs } from './src/integration/index.ts';
import { codeBlockTransformer } from './src/markdown/code-blocks.ts';
import { docsMarkdown } from './src/markdown/pipeline.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
/** DOCS_ROOT points the generator at another folder holding config/ and content/. */
const docsRoot = resolve(process.env.DOCS_ROOT || projectRoot);
// One content cache per docs root, so building a fixture never reuses another site's pages.
const cacheKey = createHash('sha256').update(docsRoot).digest('hex').slice(0, 12);

export default defineConfig({
  cacheDir: `./node_modules/.astro/${cacheKey}`,
  integrations: [caravanDocs({ docsRoot }), mdx()],
  // Inline CSS saves a render-blocking round trip (Lighthouse LCP); it is ~3 KB gzip per page.
  build: { format: 'directory', inlineStylesheets: 'always' },
  markdown: {
    // Directives (callouts, tabs, steps, file trees, cards) and GitHub alerts: src/markdown/.
    processor: docsMarkdown(docsRoot),
    // One tokenising pass whose colours are CSS variables, set per theme in site.css:
    // half the highlighting work and smaller HTML than Shiki's dual themes. The transformer
    // reads titles, highlighted lines and diffs from the fence (src/markdown/code-blocks.ts).
    shikiConfig: { theme: 'css-variables', transformers: [codeBlockTransformer] },
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
