/**
 * Which browser origins may use the local HTTP sandbox: the docs site's own origin (`url` in
 * site.yml) and pages served from this machine (localhost, 127.0.0.1, [::1], any port or
 * scheme). Any other page a developer visits gets no CORS headers and may not change state. Pure.
 * (Which Host names it answers for at all is src/server/host.ts's hostPolicy.)
 */
import { LOOPBACK_HOSTNAMES } from '../../server/host.ts';

/** `absent`: no Origin header (curl, SDKs, same-origin GET); `allowed`; `foreign`: any other page, and `null`. */
export type OriginVerdict = 'absent' | 'allowed' | 'foreign';

export function originPolicy(siteOrigin: string | undefined): (origin: string | null) => OriginVerdict {
  let site: string | undefined;
  try {
    site = siteOrigin === undefined ? undefined : new URL(siteOrigin).origin;
  } catch {
    site = undefined;
  }
  return (origin) => {
    if (origin === null) return 'absent';
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return 'foreign';
    }
    // An Origin is scheme://host[:port] only; anything more is not one a browser sends.
    if (url.origin !== origin) return 'foreign';
    if (origin === site) return 'allowed';
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTNAMES.has(url.hostname) ? 'allowed' : 'foreign';
  };
}
