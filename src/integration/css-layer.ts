/**
 * Every stylesheet of the engine goes into one cascade layer, `caravan-docs`, so a site's own CSS
 * (`theme.customCss`, the accent, an override component's styles), which is not layered, wins over
 * any engine rule whatever its specificity or its place in the page: Astro puts the bundled styles
 * last in the head, after the inline ones. (Starlight settled its overrides the same way.)
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ENGINE_LAYER = 'caravan-docs';

const ENGINE_SRC = fileURLToPath(new URL('../', import.meta.url));

/** A CSS module: a .css file (plain, `?inline`), or the styles of an .astro file. */
function isStylesheet(id: string): boolean {
  const [file = '', query = ''] = id.split('?');
  return file.endsWith('.css') || (file.endsWith('.astro') && /(?:^|&)type=style(?:&|$)/.test(query) && /lang\.css$/.test(query));
}

/**
 * The stylesheet inside the layer; its @import rules (legal only before any other rule, but
 * perhaps after a comment) move out in front of it, each importing its file into the layer too.
 * Pure.
 */
export function layered(css: string, layer = ENGINE_LAYER): string {
  const imports: string[] = [];
  const rest = css.replace(/^[ \t]*@import\s+[^;]+;[ \t]*\n?/gm, (rule) => {
    const trimmed = rule.trim();
    imports.push(/\blayer\b/.test(trimmed) ? trimmed : trimmed.replace(/;$/, ` layer(${layer});`));
    return '';
  });
  return `${imports.join('\n')}${imports.length > 0 ? '\n' : ''}@layer ${layer}{\n${rest}\n}\n`;
}

export function cssLayerPlugin(): Plugin {
  return {
    name: 'caravan-docs:css-layer',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(ENGINE_SRC) || !isStylesheet(id)) return undefined;
      return { code: layered(code), map: null };
    },
  };
}
