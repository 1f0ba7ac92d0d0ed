/**
 * Page links written root-relative (`/1.2/guides/dispatch/`) point at the site's root; under a
 * `base` path they need the base in front. This hast plugin for Astro's Markdown processor adds
 * it to links and images in Markdown and MDX pages, the same rule the `.md` sources follow.
 */

import type { HastPluginDefinition } from 'satteri';
import { withBase } from '../model/urls.ts';

function attributeRewriter(tag: string, attribute: string, base: string): HastPluginDefinition {
  return {
    name: `caravan-docs:base-${tag}`,
    element: {
      filter: [tag],
      visit(node, ctx) {
        const value = node.properties?.[attribute];
        if (typeof value !== 'string') return;
        const based = withBase(value, base);
        if (based !== value) ctx.setProperty(node, attribute, based);
      },
    },
  };
}

/** Hast plugins (Sätteri's format) that put `base` in front of root-relative links and image sources. */
export function baseLinkPlugins(base: string): HastPluginDefinition[] {
  return base === '/' ? [] : [attributeRewriter('a', 'href', base), attributeRewriter('img', 'src', base)];
}
