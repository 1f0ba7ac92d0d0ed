/**
 * The file name, in the build's assets folder, of the module a gated API's consoles load its
 * sandbox through (by sandbox key: `<version>~<id>`). It re-exports the API's version module and
 * is answered by the sign-in server to the API's readers only, like every private sandbox module.
 * A fixed name, so no public script has to list gated APIs. Pure; browser-safe.
 */
export function privateSandboxEntry(key: string): string {
  return `sandbox-entry-${key}.js`;
}

/** Whether an assets file name is such an entry: it keeps its name across builds, so browsers must not keep it. */
export function isPrivateSandboxEntry(file: string): boolean {
  return file.startsWith('sandbox-entry-');
}
