/**
 * The analytics providers a site may name (`analytics:` in site.yml): the script each loads, as
 * its documentation says to, the origins the Content-Security-Policy must allow for it, and how a
 * custom event is sent to it. Pure and free of DOM and Node, for the browser module
 * (src/client/analytics.ts) and the server's headers alike.
 */

/** A provider as site.yml gives it (src/config/schemas/analytics.ts), with defaults applied. */
export type ProviderConfig =
  | { provider: 'plausible'; domain: string; src?: string | undefined }
  | { provider: 'umami'; websiteId: string; src?: string | undefined }
  | { provider: 'google-analytics'; measurementId: string }
  | { provider: 'posthog'; apiKey: string; host: string };

/** A script element to add to the page. */
export interface ProviderScript {
  src: string;
  attributes: Record<string, string>;
}

const PLAUSIBLE_SCRIPT = 'https://plausible.io/js/script.js';
const UMAMI_SCRIPT = 'https://cloud.umami.is/script.js';
const GTAG_SCRIPT = 'https://www.googletagmanager.com/gtag/js';

/** PostHog's library sits on the assets host of its cloud regions (us.i.posthog.com -> us-assets.i.posthog.com), on the instance itself elsewhere. */
function posthogLibrary(host: string): string {
  const url = new URL(host);
  const assets = /^([a-z]+)\.i\.posthog\.com$/.exec(url.hostname);
  return `${assets ? `${url.protocol}//${assets[1]}-assets.i.posthog.com` : url.origin}/static/array.js`;
}

export function providerScript(config: ProviderConfig): ProviderScript {
  switch (config.provider) {
    case 'plausible':
      return { src: config.src ?? PLAUSIBLE_SCRIPT, attributes: { 'data-domain': config.domain } };
    case 'umami':
      return { src: config.src ?? UMAMI_SCRIPT, attributes: { 'data-website-id': config.websiteId } };
    case 'google-analytics':
      return { src: `${GTAG_SCRIPT}?id=${encodeURIComponent(config.measurementId)}`, attributes: {} };
    case 'posthog':
      return { src: posthogLibrary(config.host), attributes: {} };
  }
}

/** The origins the page's scripts come from, for `script-src`. */
export function providerOrigins(configs: readonly ProviderConfig[]): string[] {
  return [...new Set(configs.map((config) => new URL(providerScript(config).src).origin))];
}

/** Names of the events the site sends (Google Analytics wants snake_case names of its own). */
export const EVENT_NAMES = {
  feedback: { display: 'Feedback', ga: 'page_feedback' },
  search: { display: 'Search', ga: 'search' },
  copy: { display: 'Copy code', ga: 'copy_code' },
  send: { display: 'Console send', ga: 'console_send' },
  notFound: { display: '404', ga: 'page_not_found' },
} as const;

export type SiteEvent = keyof typeof EVENT_NAMES;

/** What one event carries: short texts and numbers only (never a body, a token or a credential). */
export type EventProps = Readonly<Record<string, string | number>>;

/** Longest text a property keeps: a search query or a comment is cut there. */
export const MAX_PROP_LENGTH = 200;

/** The event's properties with every text cut to MAX_PROP_LENGTH. */
export function boundedProps(props: EventProps): Record<string, string | number> {
  return Object.fromEntries(Object.entries(props).map(([key, value]) => [key, typeof value === 'string' ? value.slice(0, MAX_PROP_LENGTH) : value]));
}
