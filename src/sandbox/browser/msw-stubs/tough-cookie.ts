/**
 * Stands in for `tough-cookie` in the browser bundle. MSW keeps a cookie jar (tough-cookie and
 * the public-suffix list, about 55 KB gzip) only to fill the `cookies` argument of its
 * resolvers and to remember mocked `Set-Cookie` headers; the sandbox's handler reads the
 * request's own `Cookie` header and never that argument, so an always-empty jar changes nothing.
 */
export class Cookie {
  static fromJSON(): undefined {
    return undefined;
  }
}

export class MemoryCookieStore {
  idx: Record<string, never> = {};
}

export class CookieJar {
  getCookiesSync(): never[] {
    return [];
  }

  async setCookie(): Promise<void> {}
}
