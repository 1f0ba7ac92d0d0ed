import { DocsInputError } from './errors.ts';
import type { SiteConfig } from './schemas/site.ts';

/** Environment variables that override `auth.enabled` and `auth.requireLogin`. */
const AUTH_ENV = {
  enabled: 'CARAVAN_DOCS_AUTH_ENABLED',
  requireLogin: 'CARAVAN_DOCS_AUTH_REQUIRE_LOGIN',
} as const;

/** Applies the CARAVAN_DOCS_AUTH_* overrides; only `true` and `false` are accepted. */
export function applyAuthEnv(config: SiteConfig, env: Readonly<Record<string, string | undefined>>): SiteConfig {
  const auth = { ...config.auth };
  for (const [key, name] of Object.entries(AUTH_ENV) as [keyof typeof AUTH_ENV, string][]) {
    const value = env[name];
    if (value === undefined) continue;
    if (value !== 'true' && value !== 'false') {
      throw new DocsInputError({
        file: `environment variable ${name}`,
        field: `auth.${key}`,
        problem: `is ${JSON.stringify(value)}, which is not allowed.`,
        hint: `set ${name}=true or ${name}=false, or unset it to use config/site.yml.`,
      });
    }
    auth[key] = value === 'true';
  }
  return { ...config, auth };
}

/** Runtime secrets of the sign-in server; never in config files or the build. */
const SECRET_ENV = {
  session: 'CARAVAN_DOCS_AUTH_SECRET',
  oidcClient: 'CARAVAN_DOCS_OIDC_CLIENT_SECRET',
} as const;

/** How many reverse proxies in front of the server append to X-Forwarded-For (0: none; the peer is the reader). */
const PROXY_HOPS_ENV = 'CARAVAN_DOCS_TRUSTED_PROXY_HOPS';

export interface ServerSecrets {
  /** Signs and encrypts session cookies; every instance behind a load balancer needs the same one. */
  session: string;
  oidcClient?: string;
  /** Reverse proxies trusted to append the reader's address to X-Forwarded-For. */
  proxyHops: number;
  /** The shared Redis/Valkey store of a fleet; undefined: state in this instance's memory. */
  redisUrl?: string | undefined;
}

const MIN_SECRET_LENGTH = 32;

/** The sign-in server's secrets from the environment; a missing or weak one is an error naming the variable and the fix. */
export function serverSecretsFrom(env: Readonly<Record<string, string | undefined>>, config: Pick<SiteConfig, 'auth'>): ServerSecrets {
  const session = env[SECRET_ENV.session];
  if (!session || session.length < MIN_SECRET_LENGTH) {
    throw new DocsInputError({
      file: `environment variable ${SECRET_ENV.session}`,
      field: 'session secret',
      problem: session ? `is ${session.length} characters long; it needs at least ${MIN_SECRET_LENGTH}.` : 'is not set, and the sign-in server cannot start without it.',
      hint: `set it to a random value, the same on every server instance: export ${SECRET_ENV.session}="$(openssl rand -base64 33)"`,
    });
  }
  const proxyHops = proxyHopsFrom(env);
  const redisUrl = redisUrlFrom(env);
  if (!config.auth.oidc) return { session, proxyHops, redisUrl };
  const oidcClient = env[SECRET_ENV.oidcClient];
  if (!oidcClient) {
    throw new DocsInputError({
      file: `environment variable ${SECRET_ENV.oidcClient}`,
      field: 'auth.oidc client secret',
      problem: 'is not set, but config/site.yml configures auth.oidc.',
      hint: `set ${SECRET_ENV.oidcClient} to the client secret your identity provider issued for client "${config.auth.oidc.clientId}".`,
    });
  }
  return { session, oidcClient, proxyHops, redisUrl };
}

/** CARAVAN_DOCS_TRUSTED_PROXY_HOPS: 0 when unset; anything but a digit is an error naming the fix. */
export function proxyHopsFrom(env: Readonly<Record<string, string | undefined>>): number {
  const value = env[PROXY_HOPS_ENV];
  if (value === undefined || value === '') return 0;
  if (!/^\d$/.test(value)) {
    throw new DocsInputError({
      file: `environment variable ${PROXY_HOPS_ENV}`,
      field: 'trusted proxy hops',
      problem: `is ${JSON.stringify(value)}, which is not a number of proxies.`,
      hint: `set it to how many reverse proxies append to X-Forwarded-For in front of the server (1 behind one load balancer), or unset it when readers connect directly.`,
    });
  }
  return Number(value);
}

/** The shared store of a fleet of sign-in servers (Redis or Valkey); unset: each instance keeps its state in memory. */
const REDIS_URL_ENV = 'CARAVAN_DOCS_REDIS_URL';

/** The Redis/Valkey URL, or undefined when unset; anything but a redis:// or rediss:// URL is an error naming the fix. */
export function redisUrlFrom(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const value = env[REDIS_URL_ENV];
  if (value === undefined || value === '') return undefined;
  let protocol = '';
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'redis:' && protocol !== 'rediss:') {
    throw new DocsInputError({
      file: `environment variable ${REDIS_URL_ENV}`,
      field: 'shared store',
      problem: 'is not a redis:// or rediss:// URL.',
      hint: `set it to the URL of your Redis or Valkey server, for example ${REDIS_URL_ENV}=redis://:password@redis.internal:6379/0, or unset it to keep sessions and limits in memory (one instance).`,
    });
  }
  return value;
}

/**
 * An integer variable between `min` and `max`, or `fallback` when unset or empty; anything else is
 * an error naming the variable and `expected` (what it takes, and its default).
 */
export function integerFrom(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number, min: number, max: number, expected: string): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isInteger(number) && number >= min && number <= max) return number;
  throw new DocsInputError({ file: `environment variable ${name}`, problem: `is ${JSON.stringify(value)}, which is not ${expected}.`, hint: `set ${name} to ${expected}, or unset it.` });
}
