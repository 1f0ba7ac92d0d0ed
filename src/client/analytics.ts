// The site's analytics providers (analytics: in site.yml), loaded as each documents, unless the
// reader asked not to be tracked (Do Not Track, Global Privacy Control) and the site respects it.
// Loaded by the site script only on sites that name a provider; each provider counts page views
// itself, and gets the site's own events (src/client/track.ts) as custom events.
import { boundedProps, EVENT_NAMES, providerScript, type EventProps, type ProviderConfig, type SiteEvent } from '../analytics/providers.ts';
import { TRACK_EVENT } from './track.ts';

interface AnalyticsSettings {
  providers: ProviderConfig[];
  respectDoNotTrack: boolean;
}

type Send = (name: SiteEvent, props: Record<string, string | number>) => void;
type Global = Record<string, unknown> & { dataLayer?: unknown[] };

const global = globalThis as unknown as Global;

function optedOut(): boolean {
  const navigatorFlags = navigator as Navigator & { globalPrivacyControl?: boolean; doNotTrack?: string | null };
  return navigatorFlags.doNotTrack === '1' || navigatorFlags.globalPrivacyControl === true;
}

function addScript(config: ProviderConfig, onload?: () => void): void {
  const { src, attributes } = providerScript(config);
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  if (onload) script.addEventListener('load', onload);
  document.head.append(script);
}

/** Loads one provider; its sender queues events until the provider can take them. */
function start(config: ProviderConfig): Send {
  const pending: Array<() => void> = [];
  let ready = false;
  const whenReady = (send: () => void) => (ready ? send() : pending.push(send));
  const loaded = () => {
    ready = true;
    for (const send of pending.splice(0)) send();
  };
  switch (config.provider) {
    case 'plausible': {
      // Plausible's own queue, as its snippet defines it: calls before the script loads are kept.
      const queue: unknown[][] = [];
      global['plausible'] ??= Object.assign((...args: unknown[]) => queue.push(args), { q: queue });
      addScript(config);
      return (name, props) => (global['plausible'] as (event: string, options: object) => void)(EVENT_NAMES[name].display, { props });
    }
    case 'umami':
      addScript(config, loaded);
      return (name, props) => whenReady(() => (global['umami'] as { track(event: string, data: object): void } | undefined)?.track(EVENT_NAMES[name].display, props));
    case 'google-analytics': {
      // gtag.js, as Google documents it: a dataLayer, gtag() pushing its arguments, then `js` and `config`.
      const dataLayer = (global.dataLayer ??= []);
      // gtag.js reads the Arguments object itself, not an array.
      const gtag = function gtag() {
        dataLayer.push(arguments);
      } as (...args: unknown[]) => void;
      global['gtag'] ??= gtag;
      gtag('js', new Date());
      gtag('config', config.measurementId);
      addScript(config);
      // GA4's own search event names the query `search_term`.
      return (name, props) => gtag('event', EVENT_NAMES[name].ga, name === 'search' ? { search_term: props['query'], results: props['results'] } : props);
    }
    case 'posthog':
      addScript(config, () => {
        (global['posthog'] as { init(key: string, options: object): void } | undefined)?.init(config.apiKey, { api_host: config.host, person_profiles: 'identified_only' });
        loaded();
      });
      return (name, props) => whenReady(() => (global['posthog'] as { capture(event: string, props: object): void } | undefined)?.capture(EVENT_NAMES[name].display, props));
  }
}

const element = document.getElementById('caravan-docs-analytics');
const settings = element ? (JSON.parse(element.textContent ?? '{}') as AnalyticsSettings) : undefined;
if (settings && settings.providers.length > 0 && !(settings.respectDoNotTrack && optedOut())) {
  const senders = settings.providers.map(start);
  const send = (name: SiteEvent, props: EventProps) => {
    const bounded = boundedProps(props);
    for (const sender of senders) sender(name, bounded);
  };
  document.addEventListener(TRACK_EVENT, (event) => {
    const { name, props } = (event as CustomEvent<{ name: SiteEvent; props: EventProps }>).detail;
    send(name, props);
  });
  if (document.body.dataset.notFound !== undefined) send('notFound', { path: location.pathname });
}
