/**
 * The `Host` header, read once and safely by every server of the package (the front server, the
 * sign-in routes, the MCP endpoint, the local sandbox). A Host is a host name or address and an
 * optional port, nothing else: userinfo (`a@localhost`), a path, a query, spaces or a second Host
 * header make the request malformed (400), never a URL built from it. Which hosts a server answers
 * for is the other half: its own names and loopback addresses, so a name an attacker points at a
 * local or intranet server (DNS rebinding) is refused. Pure.
 */

export interface RequestHost {
  /** `hostname[:port]`, lowercased, as the URL parser writes it. */
  host: string;
  /** The name or address alone (IPv6 in brackets): what allow-lists compare. */
  hostname: string;
  port: string;
}

/** Names a local server is reached by from this machine, whatever its port. */
export const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A name or IPv4 address (letters, digits, `.`, `-`, `_`), or an IPv6 literal, then an optional port. */
const HOST_SHAPE = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** A Host header value as a host, or undefined when it is anything else (empty, userinfo, a path, a bad port, …). */
export function parseHost(value: string | null | undefined): RequestHost | undefined {
  if (!value || value.length > 300 || !HOST_SHAPE.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(`http://${value}`);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.hostname === '') return undefined;
  return { host: url.host, hostname: url.hostname, port: url.port };
}

/** What a request says of its host: one host, none (HTTP/1.0), or something that is not one host. */
export type ReceivedHost = RequestHost | 'absent' | 'malformed';

/**
 * The Host of a request as Node received it (its raw header list): `absent` for none (HTTP/1.0),
 * `malformed` for one that is not a host or for more than one (RFC 9112 section 3.2: answer 400).
 */
export function requestHost(rawHeaders: readonly string[]): ReceivedHost {
  const values: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) if (rawHeaders[index]!.toLowerCase() === 'host') values.push(rawHeaders[index + 1]!);
  if (values.length > 1) return 'malformed';
  return headerHost(values[0]);
}

/** The Host of a fetch Request's header (repeated ones arrive joined by a comma, so they are malformed too). */
export function headerHost(value: string | null | undefined): ReceivedHost {
  if (value === null || value === undefined) return 'absent';
  return parseHost(value) ?? 'malformed';
}

/** The host name of a configured origin or host (`https://docs.example.com`, `sandbox`, `api.local:8080`), or undefined. */
export function hostnameOf(originOrHost: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(originOrHost)) {
    try {
      return new URL(originOrHost).hostname || undefined;
    } catch {
      return undefined;
    }
  }
  return parseHost(originOrHost)?.hostname;
}

export type HostVerdict = 'absent' | 'allowed' | 'foreign' | 'malformed';

/**
 * Which Hosts a server answers for: loopback names, and the names given (origins, `host[:port]`
 * or bare names; compared by name, any port, since a port is no defence against rebinding).
 */
export function hostPolicy(names: readonly string[]): (host: ReceivedHost) => HostVerdict {
  const allowed = new Set([...LOOPBACK_HOSTNAMES, ...names.map(hostnameOf).filter((name): name is string => name !== undefined)]);
  return (host) => (typeof host === 'string' ? host : allowed.has(host.hostname) ? 'allowed' : 'foreign');
}
