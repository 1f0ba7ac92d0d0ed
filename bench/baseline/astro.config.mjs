// Bare-Astro baseline for bench/site.ts: the same Markdown corpus through a content collection
// and one minimal layout, built with the project's installed Astro
// (`node ../../node_modules/astro/bin/astro.mjs build --root bench/baseline`). Nothing else: no
// sidebar, search, discovery files or integrations. The code theme matches the generator's
// (one tokenising pass with CSS-variable colours), so highlighting costs the same on both sides.
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: 'https://bench.example',
  markdown: { shikiConfig: { theme: 'css-variables' } },
  devToolbar: { enabled: false },
});
