/** Names of a version's APIs where one string must name one (sandbox modules, storage, tool arguments). Pure; browser-safe. */

/** The sandbox key of a version's API: the version for its single description, else `<version>~<id>` (`~` is in no version id). */
export function apiKey(version: string, apiId: string): string {
  return apiId === '' ? version : `${version}~${apiId}`;
}

/** The version and API id a sandbox key names. */
export function parseApiKey(key: string): { version: string; api: string } {
  const at = key.indexOf('~');
  return at < 0 ? { version: key, api: '' } : { version: key.slice(0, at), api: key.slice(at + 1) };
}
