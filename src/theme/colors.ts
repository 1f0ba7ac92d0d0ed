/**
 * CSS colours as the site's `theme` writes them, and the WCAG contrast they give. Pure: parsing
 * (hex, rgb(), hsl(), oklch()), relative luminance, contrast ratio, and moving a colour's
 * lightness in OKLCH (hue and chroma kept, as far as sRGB allows) to find the nearest colour
 * that reaches a contrast.
 */

/** sRGB channels in 0..1. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`;
const FUNCTION = new RegExp(String.raw`^(rgba?|hsla?|oklch)\(\s*(${NUMBER}(?:%|deg|turn|rad)?)[\s,]+(${NUMBER}%?)[\s,]+(${NUMBER}%?)(?:\s*[,/]\s*(${NUMBER}%?))?\s*\)$`, 'i');

/** The colour a CSS colour value names, or undefined for anything else (named colours, `color-mix()`, variables). */
export function parseCssColor(text: string): Rgb | undefined {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return { r: parseInt(full.slice(0, 2), 16) / 255, g: parseInt(full.slice(2, 4), 16) / 255, b: parseInt(full.slice(4, 6), 16) / 255 };
  }
  const match = FUNCTION.exec(value);
  if (!match) return undefined;
  const [, name, a, b, c] = match as unknown as [string, string, string, string, string];
  if (name.startsWith('rgb')) return { r: channel(a, 255), g: channel(b, 255), b: channel(c, 255) };
  if (name.startsWith('hsl')) return hslToRgb(angle(a), fraction(b), fraction(c));
  return oklchToRgb({ l: fraction(a), c: c.endsWith('%') ? (parseFloat(b) / 100) * 0.4 : parseFloat(b), h: angle(c) });
}

function channel(text: string, scale: number): number {
  return clamp(text.endsWith('%') ? parseFloat(text) / 100 : parseFloat(text) / scale);
}

function fraction(text: string): number {
  return clamp(text.endsWith('%') ? parseFloat(text) / 100 : parseFloat(text));
}

function angle(text: string): number {
  const value = parseFloat(text);
  if (text.endsWith('turn')) return value * 360;
  if (text.endsWith('rad')) return (value * 180) / Math.PI;
  return value;
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const k = (n: number) => (n + hue / 30) % 12;
  const a = saturation * Math.min(lightness, 1 - lightness);
  const f = (n: number) => lightness - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return { r: f(0), g: f(8), b: f(4) };
}

function quantize({ r, g, b }: Rgb): Rgb {
  return { r: Math.round(r * 255) / 255, g: Math.round(g * 255) / 255, b: Math.round(b * 255) / 255 };
}

/** `#rrggbb`. */
export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((value) => Math.round(clamp(value) * 255).toString(16).padStart(2, '0')).join('')}`;
}

const linear = (value: number) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);
const gamma = (value: number) => (value <= 0.0031308 ? value * 12.92 : 1.055 * value ** (1 / 2.4) - 0.055);

/** WCAG 2 relative luminance. */
function luminance({ r, g, b }: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

interface Oklch {
  l: number;
  c: number;
  h: number;
}

function rgbToOklch(rgb: Rgb): Oklch {
  const [r, g, b] = [linear(rgb.r), linear(rgb.g), linear(rgb.b)];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(A, B), h: (Math.atan2(B, A) * 180) / Math.PI };
}

/** The sRGB colour of an OKLCH one, before clamping (channels may fall outside 0..1). */
function oklchToLinear({ l: L, c, h }: Oklch): [number, number, number] {
  const A = c * Math.cos((h * Math.PI) / 180);
  const B = c * Math.sin((h * Math.PI) / 180);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s, -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s, -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s];
}

/** OKLCH to sRGB, lowering chroma until the colour fits sRGB (hue and lightness kept). */
function oklchToRgb(color: Oklch): Rgb {
  const fits = (c: number) => oklchToLinear({ ...color, c }).every((value) => value >= -1e-4 && value <= 1 + 1e-4);
  let chroma = color.c;
  if (!fits(chroma)) {
    let [low, high] = [0, chroma];
    for (let step = 0; step < 24; step++) {
      const middle = (low + high) / 2;
      if (fits(middle)) low = middle;
      else high = middle;
    }
    chroma = low;
  }
  const [r, g, b] = oklchToLinear({ ...color, c: chroma });
  return { r: gamma(clamp(r)), g: gamma(clamp(g)), b: gamma(clamp(b)) };
}

/**
 * The colour nearest `color` in OKLCH lightness (its hue kept) for which `passes` holds, moving
 * towards `direction`; undefined when even black or white fails. `passes` must be monotonic in
 * that direction (contrast with a light background grows as the colour darkens).
 */
export function nearestPassing(color: Rgb, direction: 'lighter' | 'darker', passes: (candidate: Rgb) => boolean): Rgb | undefined {
  if (passes(color)) return color;
  const start = rgbToOklch(color);
  const end = direction === 'lighter' ? 1 : 0;
  // Whole 8-bit channels, so the colour written as hex is the one that was checked.
  const at = (l: number) => quantize(oklchToRgb({ ...start, l }));
  if (!passes(at(end))) return undefined;
  let [failing, passing] = [start.l, end];
  for (let step = 0; step < 30; step++) {
    const middle = (failing + passing) / 2;
    if (passes(at(middle))) passing = middle;
    else failing = middle;
  }
  return at(passing);
}
