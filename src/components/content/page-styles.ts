/**
 * The styles of the authoring components a docs page holds, and no others. Every guide renders
 * through one route, so Astro's per-route CSS would give each guide the styles of every component
 * any guide might use: instead, the Markdown pipeline records what a page uses
 * (src/markdown/components.ts) and the page's head carries those stylesheets only. They come
 * before the layout's styles in the head, so a rule that overrides one of the layout's wins by
 * specificity, not by order.
 */
import type { ComponentsUsed } from '../../markdown/components.ts';
import callout from './callout.css?inline';
import calloutCaution from './callout-caution.css?inline';
import calloutImportant from './callout-important.css?inline';
import calloutNote from './callout-note.css?inline';
import calloutTip from './callout-tip.css?inline';
import calloutWarning from './callout-warning.css?inline';
import fileTree from './file-tree.css?inline';
import linkCards from './link-cards.css?inline';
import steps from './steps.css?inline';
import tabs from './tabs.css?inline';
import tryIt from '../try-it.css?inline';
import codeMarks from '../../markdown/code-blocks.css?inline';
import codeTitle from '../../markdown/code-figure.css?inline';
import diagram from '../../markdown/diagram.css?inline';

const STYLESHEETS: Readonly<Record<keyof ComponentsUsed, string>> = {
  callout,
  'callout-note': calloutNote,
  'callout-tip': calloutTip,
  'callout-important': calloutImportant,
  'callout-warning': calloutWarning,
  'callout-caution': calloutCaution,
  tabs,
  steps,
  fileTree,
  cards: linkCards,
  console: tryIt,
  codeTitle,
  codeMarks,
  diagram,
};

/** The CSS of the components in `used`, in a fixed order (empty when the page uses none). */
export function componentStyles(used: ComponentsUsed): string {
  return (Object.keys(STYLESHEETS) as (keyof ComponentsUsed)[])
    .filter((component) => used[component])
    .map((component) => STYLESHEETS[component])
    .join('');
}
