// @ts-check
import mdx from '@astrojs/mdx';
import expressiveCode from 'astro-expressive-code';
import { defineConfig } from 'astro/config';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caravanDocs } from './src/integration/index.ts';
import { docsMarkdown } from './src/markdown/pipeline.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
/** DOCS_ROOT points the generator at another folder holding config/ and content/. */
const docsRoot = resolve(process.env.DOCS_ROOT || projectRoot);
// One content cache per docs root, so building a fixture never reuses another site's pages.
const cacheKey = createHash('sha256').update(docsRoot).digest('hex').slice(0, 12);

/**
 * Code blocks in pages: titles, line highlights, diffs. Two themes; the dark one follows the
 * system preference unless the reader picked a theme (data-theme on <html>, see src/client/site.ts).
 * Its styles are inlined (like the site's), and its copy button is off: the site script adds one.
 * Long lines wrap (no sideways scrolling).
 * @type {import('astro-expressive-code').AstroExpressiveCodeOptions}
 */
const codeBlocks = {
  themes: ['github-light', 'github-dark'],
  useDarkModeMediaQuery: true,
  themeCssSelector: (theme) => `[data-theme='${theme.type}']`,
  emitExternalStylesheet: false,
  useThemedScrollbars: false,
  frames: { showCopyToClipboardButton: false },
  // Long lines wrap: a block never scrolls sideways, so none becomes an unnamed scrollable region.
  defaultProps: { wrap: true },
  styleOverrides: {
    borderRadius: 'var(--radius)',
    borderColor: 'var(--border)',
    codeFontFamily: 'var(--mono)',
    uiFontFamily: 'var(--font)',
    codeBackground: 'var(--code-bg)',
    frames: { shadowColor: 'transparent' },
  },
};

export default defineConfig({
  cacheDir: `./node_modules/.astro/${cacheKey}`,
  // Expressive Code before MDX, so .mdx pages get it too.
  integrations: [caravanDocs({ docsRoot }), expressiveCode(codeBlocks), mdx()],
  // Inline CSS saves a render-blocking round trip (Lighthouse LCP); it is ~3 KB gzip per page.
  build: { format: 'directory', inlineStylesheets: 'always' },
  markdown: {
    // Directives (callouts, tabs, steps, file trees, cards) and GitHub alerts: src/markdown/.
    processor: docsMarkdown(docsRoot),
    // Code in pages is Expressive Code's (below). The reference pages' <Code> blocks keep one
    // tokenising pass whose colours are CSS variables, set per theme in site.css.
    shikiConfig: { theme: 'css-variables' },
  },
  devToolbar: { enabled: false },
  vite: {
    build: {
      // Inlining constants nearly doubles MSW's gzip size on console pages.
      rolldownOptions: { optimization: { inlineConst: false } },
    },
  },
});
