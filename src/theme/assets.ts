/**
 * Hrefs of the site's own files and links as site.yml writes them (`/logo.svg`, `/1.0/quickstart/`
 * or an https URL), under the site's base. Pure.
 */
import { withBase } from '../model/urls.ts';

export function siteHref(base: string, target: string): string {
  return /^https?:\/\//.test(target) ? target : withBase(target, base);
}

const ICON_TYPES: Readonly<Record<string, string>> = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon', webp: 'image/webp', gif: 'image/gif', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/** The favicon's href and MIME type: `theme.favicon`, else favicon.svg at the root (the site's own or the engine's). */
export function faviconOf(base: string, favicon: string | undefined): { href: string; type: string } {
  const target = favicon ?? '/favicon.svg';
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(target)?.[1]?.toLowerCase() ?? '';
  return { href: siteHref(base, target), type: ICON_TYPES[extension] ?? 'image/x-icon' };
}
