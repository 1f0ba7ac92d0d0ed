/**
 * The parts of every page a site may bring itself: the components that replace the engine's
 * (`components:` in site.yml) and its own CSS (`theme.customCss`). Pages import
 * `virtual:caravan-docs/components/<Name>`, which resolves to the site's file or the engine's
 * default; `caravan-docs/components/<Name>.astro` always names the default, so an override can wrap
 * it (in an installed package the package's exports say the same; this also serves this
 * repository, which is the package itself).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { SiteConfig } from '../config/schemas/site.ts';
import { OVERRIDABLE, type OverridableName } from '../config/schemas/components.ts';

const ENGINE_COMPONENTS = fileURLToPath(new URL('../components/', import.meta.url));
const COMPONENT_PREFIX = 'virtual:caravan-docs/components/';
const PACKAGE_COMPONENTS = 'caravan-docs/components/';
const CUSTOM_CSS = 'virtual:caravan-docs/custom-css';

export function sitePartsPlugin(docsRoot: string, config: Pick<SiteConfig, 'components' | 'theme'>): Plugin {
  return {
    name: 'caravan-docs:site-parts',
    enforce: 'pre',
    resolveId(id) {
      if (id.startsWith(COMPONENT_PREFIX)) {
        const name = id.slice(COMPONENT_PREFIX.length) as OverridableName;
        if (!OVERRIDABLE.includes(name)) return undefined;
        const own = config.components[name];
        return own ? join(docsRoot, own) : join(ENGINE_COMPONENTS, `${name}.astro`);
      }
      if (id.startsWith(PACKAGE_COMPONENTS)) return join(ENGINE_COMPONENTS, id.slice(PACKAGE_COMPONENTS.length));
      return id === CUSTOM_CSS ? `\0${CUSTOM_CSS}` : undefined;
    },
    load(id) {
      if (id !== `\0${CUSTOM_CSS}`) return undefined;
      // Each file through Vite (its url()s resolved), as text the page inlines after the engine's styles.
      const files = config.theme.customCss.map((file) => join(docsRoot, file));
      const imports = files.map((file, index) => `import css${index} from ${JSON.stringify(`${file}?inline`)};`);
      return `${imports.join('\n')}\nexport default ${files.length === 0 ? "''" : `[${files.map((_, index) => `css${index}`).join(', ')}].join('\\n')`};`;
    },
  };
}
