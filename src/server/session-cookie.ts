/** Where Auth.js keeps the session: cookie names and the Cookie header. Pure. */

export function sessionCookieName(secure: boolean): string {
  return `${secure ? '__Secure-' : ''}authjs.session-token`;
}

/** The session token from a Cookie header; Auth.js splits tokens over 4 KB into `name.0`, `name.1`, … */
export function sessionToken(cookieHeader: string, name: string): string | undefined {
  const cookies = new Map<string, string>();
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index > 0) cookies.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  const whole = cookies.get(name);
  if (whole) return whole;
  const chunks: string[] = [];
  for (let index = 0; cookies.has(`${name}.${index}`); index += 1) chunks.push(cookies.get(`${name}.${index}`)!);
  return chunks.length > 0 ? chunks.join('') : undefined;
}

/** The response ends the session in this browser: it sets the session cookie (or its first chunk) to empty. */
export function clearsSession(setCookies: readonly string[], cookieName: string): boolean {
  return setCookies.some((cookie) => {
    const match = /^([^=]+)=([^;]*)/.exec(cookie);
    return match !== null && (match[1] === cookieName || match[1] === `${cookieName}.0`) && match[2] === '';
  });
}
