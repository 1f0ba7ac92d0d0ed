/**
 * The words of the markup warnings (markup-warnings.ts): what the browser makes of the page, and
 * the fix. Pure. A placeholder is best written as code; escaping its bracket works in `.md` and `.mdx`.
 */
import type { MdastNode } from 'satteri';

/** A warning's problem and its fix. */
export interface Message {
  problem: string;
  hint: string;
}

const asText = (written: string) => `write it as code, \`\` \`${written}\` \`\`, or escape its bracket, \`\\${written}\``;

/** A tag HTML has no element for (`<previous>`), nor a custom element's hyphen. */
export function unknownTag(written: string): Message {
  const name = written.replace(/^<\/?|>$/g, '');
  return {
    problem: `\`${written}\` is read as an HTML tag, and HTML has no such element: the browser shows nothing for it, so the text \`${written}\` is missing from the page.`,
    hint: `${asText(written)}. For an element of your own, use a custom element, whose name has a hyphen (\`<x-${name}>\`).`,
  };
}

/** An element of a document's head or frame (`<title>`, `<link>`, `<body>`), in a page body. */
export function documentTag(written: string, name: string): Message {
  const where = name === 'html' || name === 'body' ? 'which a document has once, around all of it' : 'which belongs in the head of a document';
  const base = name === 'base' ? ', and with an `href` it changes where every relative link of the page leads' : '';
  const effect =
    name === 'title'
      ? 'in a page body the browser hides everything after it, up to a `</title>`: often the rest of the page, its script included.'
      : `in a page body the browser shows nothing for it, so the text \`${written}\` is missing from the page${base}.`;
  return {
    problem: `\`${written}\` is read as an HTML tag: a <${name}> element, ${where}; ${effect}`,
    hint: `${asText(written)}.${name === 'title' ? " A page's title is `title` in its front matter." : ''}`,
  };
}

/** An element that takes in what follows (`<script>`, `<template>`), opened and never closed. */
export function unclosedTag(written: string, name: string): Message {
  return {
    problem: `\`${written}\` opens an element that nothing closes: the browser takes everything after it for the <${name}> element's content, so the rest of the page is not shown as text.`,
    hint: `close it, \`</${name}>\`, if it is meant as HTML; if it is text, ${asText(written)}.`,
  };
}

/** A Markdown link (`[](/x/)`, `[][ref]`) whose content names it nothing; `destination` as written after the brackets. */
export function emptyLink(target: string, destination: string, children: readonly MdastNode[]): Message {
  const image = children.find((child) => child.type === 'image' || child.type === 'imageReference');
  const source = image?.type === 'image' ? `(${image.url})` : image?.type === 'imageReference' ? `[${image.label ?? image.identifier}]` : '';
  return {
    problem: `the link to ${target} has no text: a screen reader announces it as just "link", and the page shows nothing to click.`,
    hint: image
      ? `give the image alt text, saying where the link leads: \`[![What the link leads to]${source}]${destination}\`.`
      : `write its text between the brackets, \`[What the link leads to]${destination}\`.`,
  };
}

/** An HTML or MDX `<a href>` with no content and no label. */
export function emptyElementLink(href: string | undefined): Message {
  return {
    problem: `the link to \`${href ?? ''}\` has no text: a screen reader announces it as just "link", and the page shows nothing to click.`,
    hint: 'put its text between `<a …>` and `</a>`, or name it with an `aria-label`.',
  };
}
