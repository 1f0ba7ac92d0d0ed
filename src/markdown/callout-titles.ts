/**
 * Callout titles in the page's language. Markdown callouts (`:::note`, `> [!NOTE]`) are built
 * with English titles (src/markdown/components.ts); this hast plugin, run after it, puts a
 * page's own words in their place: the visible title, or the visually hidden kind before a
 * custom title. Pages in English get no plugin at all.
 */
import { defineHastPlugin, type HastNode, type PluginFactoryContext } from 'satteri';
import { CALLOUT_KINDS, calloutKind, type CalloutKind, type CalloutTitles } from './callouts.ts';
import { plain } from './components.ts';

type Element = Extract<HastNode, { type: 'element' }>;
type ElementContent = Element['children'][number];

const isEnglish = (titles: CalloutTitles): boolean => Object.entries(CALLOUT_KINDS).every(([kind, title]) => titles[kind as CalloutKind] === title);

/** A copy of a callout `aside` with its English kind title in `titles`' words; undefined when nothing changes. */
function localizeCallout(aside: Element, titles: CalloutTitles): Element | undefined {
  const classes = aside.properties?.['className'];
  const kindClass = Array.isArray(classes) ? classes.find((name) => typeof name === 'string' && name.startsWith('callout-')) : undefined;
  const kind = typeof kindClass === 'string' ? calloutKind(kindClass.slice('callout-'.length)) : undefined;
  if (!kind) return undefined;
  const english = CALLOUT_KINDS[kind];
  const copy = plain(aside);
  const title = copy.children.find((child): child is Element => child.type === 'element' && child.tagName === 'p');
  const first = title?.children[0];
  if (!title || !first) return undefined;
  if (first.type === 'text' && title.children.length === 1 && first.value === english) {
    title.children = [{ type: 'text', value: titles[kind] }];
    return copy;
  }
  const hidden = first.type === 'element' && first.tagName === 'span' ? (first.children[0] as ElementContent | undefined) : undefined;
  if (hidden?.type === 'text' && hidden.value === `${english}: `) {
    (first as Element).children = [{ type: 'text', value: `${titles[kind]}: ` }];
    return copy;
  }
  return undefined;
}

/**
 * A plugin factory for Astro's Markdown processor: `titlesOf(file)` names the callout titles of
 * the page in that file (its locale's), and a page whose titles are English is left alone.
 */
export function calloutTitlesPlugin(titlesOf: (file: URL | undefined) => CalloutTitles) {
  return (ctx: PluginFactoryContext) => {
    const titles = titlesOf(ctx.fileURL);
    if (isEnglish(titles)) return null;
    return defineHastPlugin({
      name: 'caravan-docs:callout-titles',
      element: {
        filter: ['aside'],
        visit(node) {
          return localizeCallout(node as Element, titles);
        },
      },
    });
  };
}

/** Callout titles from an interface table's `callout.<kind>` texts. */
export function calloutTitlesFrom(t: (key: `callout.${CalloutKind}`) => string): CalloutTitles {
  return { note: t('callout.note'), tip: t('callout.tip'), important: t('callout.important'), warning: t('callout.warning'), caution: t('callout.caution') };
}
