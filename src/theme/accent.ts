/**
 * The accent colours of both schemes from `theme.accent` (and `theme.accentDark`): each must read
 * as text on the page's backgrounds and carry text of its own (the current sidebar entry, the
 * console's Send button) at WCAG AA, 4.5:1. The dark accent, when not given, is the light one
 * lightened in OKLCH (same hue) until it has the contrast on the dark background that the light
 * one has on the light background (at least 4.5:1, at most 7:1). Pure.
 */
import { contrastRatio, nearestPassing, parseCssColor, toHex, type Rgb } from './colors.ts';

/** The page backgrounds and text colours of src/styles/site.css (a unit test holds the two equal). */
export const SCHEMES = {
  light: { bg: '#ffffff', bgSoft: '#f5f6f8', onAccent: ['#ffffff', '#111418'] },
  dark: { bg: '#111418', bgSoft: '#1a1f26', onAccent: ['#111418', '#ffffff'] },
} as const;

export type Scheme = keyof typeof SCHEMES;

export const AA = 4.5;

interface AccentColors {
  accent: string;
  /** Text on the accent: whichever of the scheme's candidates contrasts most. */
  accentFg: string;
}

export type AccentPalette = Record<Scheme, AccentColors>;

const rgb = (hex: string) => parseCssColor(hex)!;

/** How the accent reads in a scheme: its lowest contrast as text on the backgrounds, and its text colour. */
export function accentContrast(color: Rgb, scheme: Scheme): { asText: number; fg: string; underText: number } {
  const { bg, bgSoft, onAccent } = SCHEMES[scheme];
  const asText = Math.min(contrastRatio(color, rgb(bg)), contrastRatio(color, rgb(bgSoft)));
  const [fg, underText] = onAccent.map((candidate) => [candidate, contrastRatio(color, rgb(candidate))] as const).sort((a, b) => b[1] - a[1])[0]!;
  return { asText, fg, underText };
}

function passes(color: Rgb, scheme: Scheme, target = AA): boolean {
  const { asText, underText } = accentContrast(color, scheme);
  return asText >= target && underText >= AA;
}

/** A problem with one of the two colours, with the nearest colour that would pass (if any). */
interface AccentProblem {
  key: 'accent' | 'accentDark';
  scheme: Scheme;
  problem: string;
  suggestion: string | undefined;
}

export type AccentResult = { palette: AccentPalette } | { problem: AccentProblem };

/** The palette for a light accent and an optional dark one (both already valid CSS colours). */
export function accentPalette(accentText: string, accentDarkText?: string): AccentResult {
  const light = parseCssColor(accentText)!;
  const lightCheck = checked(light, 'light', 'accent', accentText);
  if ('problem' in lightCheck) return lightCheck;
  let dark: Rgb;
  if (accentDarkText === undefined) {
    const target = Math.min(7, Math.max(AA, accentContrast(light, 'light').asText));
    dark = nearestPassing(light, 'lighter', (candidate) => passes(candidate, 'dark', target)) ?? nearestPassing(light, 'lighter', (candidate) => passes(candidate, 'dark'))!;
  } else {
    dark = parseCssColor(accentDarkText)!;
    const darkCheck = checked(dark, 'dark', 'accentDark', accentDarkText);
    if ('problem' in darkCheck) return darkCheck;
  }
  const colors = (color: Rgb, scheme: Scheme): AccentColors => ({ accent: toHex(color), accentFg: accentContrast(color, scheme).fg });
  return { palette: { light: colors(light, 'light'), dark: colors(dark, 'dark') } };
}

function checked(color: Rgb, scheme: Scheme, key: AccentProblem['key'], text: string): { ok: true } | { problem: AccentProblem } {
  if (passes(color, scheme)) return { ok: true };
  const { asText, underText } = accentContrast(color, scheme);
  const background = scheme === 'light' ? 'light' : 'dark';
  const problem = asText < AA
    ? `${text} has a contrast of ${asText.toFixed(2)}:1 with the ${background} page background; text in the accent (the console's method, the selected tab) and focus rings need 4.5:1 (WCAG AA).`
    : `no text colour reaches 4.5:1 on ${text} (best ${underText.toFixed(2)}:1), and the accent carries text (the current page in the sidebar, buttons).`;
  const nearest = nearestPassing(color, scheme === 'light' ? 'darker' : 'lighter', (candidate) => passes(candidate, scheme));
  return { problem: { key, scheme, problem, suggestion: nearest && toHex(nearest) } };
}

/** The CSS that sets the accent of both schemes (the engine's own values live in site.css). */
export function accentCss(palette: AccentPalette): string {
  return `:root{--accent:light-dark(${palette.light.accent},${palette.dark.accent});--accent-fg:light-dark(${palette.light.accentFg},${palette.dark.accentFg})}`;
}
