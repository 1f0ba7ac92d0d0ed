// One event of the site's own (feedback, a search, a copied sample, a console send, a 404), handed
// to the analytics module when the site has one (src/client/analytics.ts); otherwise nobody
// listens and nothing is sent. Tiny: the search, console and site scripts import it.
import type { EventProps, SiteEvent } from '../analytics/providers.ts';

export const TRACK_EVENT = 'caravan-docs:track';

export function track(name: SiteEvent, props: EventProps = {}): void {
  document.dispatchEvent(new CustomEvent(TRACK_EVENT, { detail: { name, props } }));
}
