import { z } from 'zod';

/**
 * The parts of every page a site may replace with an Astro component of its own, by name. Each
 * receives the props listed in src/components/props.ts; an override may import the default from
 * `caravan-docs/components/<Name>.astro` and wrap it.
 */
export const OVERRIDABLE = ['Head', 'Header', 'Footer', 'Landing'] as const;

export type OverridableName = (typeof OVERRIDABLE)[number];

const componentFile = z.string().regex(/^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$)).+\.astro$/, { error: 'must be an .astro file inside the site folder, written relative to it (like components/Footer.astro)' });

/** `components:` of site.yml: a named part -> the site's own `.astro` file that replaces it. */
export const componentsSchema = z
  .strictObject({
    Head: componentFile.optional().describe("The tags in every page's `<head>`: title, description, canonical link, favicon, styles."),
    Header: componentFile.optional().describe('The bar at the top of every page: menu button, title or logo, search, header links, switchers, theme toggle.'),
    Footer: componentFile.optional().describe('The end of every page (empty unless `footer:` is set).'),
    Landing: componentFile.optional().describe("The landing page (`/`): the site's title, description and its versions."),
  })
  .prefault({})
  .describe(
    "Parts of every page replaced by the site's own Astro components: each key names a part, its value an `.astro` file relative to the site folder (like components/Footer.astro). The component receives the part's props and may wrap the default, `caravan-docs/components/<Name>.astro`.",
  );
