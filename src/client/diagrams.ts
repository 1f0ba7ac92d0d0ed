// Draws the page's diagrams (```mermaid fences; src/markdown/code-blocks.ts). Loaded by the site
// script only on pages that hold one: Mermaid (its "tiny" build, one file) is fetched here, never
// by other pages. Until it draws, and without JavaScript, the fence's source shows as a code block;
// once drawn, the source folds under the drawing. The drawing follows the page's colour scheme.
import mermaidUrl from '@mermaid-js/tiny/dist/mermaid.tiny.js?url';

interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

const root = document.documentElement;
const isDark = () => (root.dataset.theme ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')) === 'dark';

function loadMermaid(): Promise<Mermaid> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = mermaidUrl;
    script.onload = () => resolve((globalThis as unknown as { mermaid: Mermaid }).mermaid);
    script.onerror = () => reject(new Error(`Cannot load ${mermaidUrl}`));
    document.head.append(script);
  });
}

/** Draws a diagram into its figure: the drawing first, the source folded in a <details> below it (a source Mermaid cannot read stays as it is). */
async function draw(mermaid: Mermaid, figure: HTMLElement, index: number): Promise<void> {
  const code = figure.querySelector('pre code') ?? figure.querySelector('pre');
  if (!code) return;
  let svg: string;
  try {
    ({ svg } = await mermaid.render(`diagram-svg-${index + 1}`, code.textContent ?? ''));
  } catch {
    return;
  }
  let drawing = figure.querySelector<HTMLElement>('.diagram-drawing');
  if (!drawing) {
    const block = figure.querySelector('.code-frame') ?? figure.querySelector('pre')!;
    drawing = document.createElement('div');
    drawing.className = 'diagram-drawing';
    const details = document.createElement('details');
    details.className = 'diagram-source';
    const summary = document.createElement('summary');
    summary.textContent = document.body.dataset.uiDiagramSource ?? 'Diagram source';
    block.replaceWith(drawing, details);
    details.append(summary, block);
  }
  drawing.innerHTML = svg;
}

/**
 * Mermaid's base theme in the page's own colours: every label is the page's text colour on its
 * background (the site's theme keeps that pair readable), lines and borders in the text colour.
 * Mermaid's dark theme puts light grey on mid grey (4.43:1), under WCAG AA.
 */
function themeVariables(): Record<string, string | boolean> {
  const { color: fg, backgroundColor: bg, fontFamily } = getComputedStyle(document.body);
  const surfaces = ['primaryColor', 'secondaryColor', 'tertiaryColor', 'mainBkg', 'edgeLabelBackground', 'clusterBkg', 'noteBkgColor', 'actorBkg', 'labelBackground', 'background'];
  const texts = ['primaryTextColor', 'secondaryTextColor', 'tertiaryTextColor', 'textColor', 'noteTextColor', 'actorTextColor', 'signalTextColor', 'labelTextColor', 'titleColor', 'nodeTextColor'];
  const lines = ['lineColor', 'primaryBorderColor', 'secondaryBorderColor', 'tertiaryBorderColor', 'clusterBorder', 'noteBorderColor', 'actorBorder', 'actorLineColor', 'signalColor', 'transitionColor'];
  return { darkMode: isDark(), fontFamily, ...Object.fromEntries([...surfaces.map((name) => [name, bg]), ...texts.map((name) => [name, fg]), ...lines.map((name) => [name, fg])]) };
}

async function drawAll(mermaid: Mermaid, figures: readonly HTMLElement[]): Promise<void> {
  // Strict: labels are text, never HTML or links a page could smuggle in.
  // A source Mermaid cannot read stays as its code block; Mermaid's own error graphic is not drawn.
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', suppressErrorRendering: true, theme: 'base', themeVariables: themeVariables() });
  for (const [index, figure] of figures.entries()) await draw(mermaid, figure, index);
}

const figures = [...document.querySelectorAll<HTMLElement>('figure[data-diagram="mermaid"]')];
if (figures.length > 0) {
  const mermaid = await loadMermaid();
  await drawAll(mermaid, figures);
  // Drawn again when the reader switches the theme, or the system's scheme changes.
  let scheme = isDark();
  const redraw = () => {
    if (isDark() === scheme) return;
    scheme = isDark();
    void drawAll(mermaid, figures);
  };
  new MutationObserver(redraw).observe(root, { attributes: true, attributeFilter: ['data-theme'] });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', redraw);
}
