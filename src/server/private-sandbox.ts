import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocsInputError } from '../config/errors.ts';
import { mayReadReference, type AccessRule, type Reader } from '../model/access.ts';
import { ASSETS_FOLDER } from '../routes.ts';
import { isPrivateSandboxEntry } from '../console/private-entry.ts';

/** The folder of dist/server holding private sandbox modules, and its list of them. */
export const SANDBOX_FOLDER = 'sandbox';
export const SANDBOX_FILES = 'files.json';

/** `files.json`: each private module's file name -> the sandbox keys it serves (a version, or `<version>~<id>` for one of several APIs). */
export type SandboxFileList = Record<string, readonly string[]>;

/**
 * The sandbox modules of APIs whose reference is not public (every version of a login-only
 * site, and APIs gated by roles), written by the build into dist/server/sandbox/ instead of dist/client/_astro/. The
 * browser asks for them at their usual `{base}_astro/<file>` URL, which no static file answers.
 */
export interface PrivateModules {
  dir: string;
  files: SandboxFileList;
}

let found: PrivateModules | null | undefined;

function privateModules(): PrivateModules | null {
  if (found === undefined) {
    // This module is bundled into dist/server/chunks/ (or, on some setups, dist/server/ itself).
    const dir = [new URL(`../${SANDBOX_FOLDER}/`, import.meta.url), new URL(`./${SANDBOX_FOLDER}/`, import.meta.url)].map((url) => fileURLToPath(url)).find((candidate) => existsSync(join(candidate, SANDBOX_FILES)));
    found = dir ? { dir, files: JSON.parse(readFileSync(join(dir, SANDBOX_FILES), 'utf8')) as SandboxFileList } : null;
  }
  return found;
}

/**
 * Headers of a private module: it may be kept a year by the reader's own browser (its name holds
 * a hash of its content, so a new build is a new name), never by a shared cache (`private`), and
 * only for the cookie it was answered to.
 */
const PRIVATE_MODULE_HEADERS = { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'private, max-age=31536000, immutable', vary: 'cookie' } as const;

/** A gated API's entry module keeps its name across builds (src/console/private-entry.ts): the browser asks again each time. */
const PRIVATE_ENTRY_HEADERS = { ...PRIVATE_MODULE_HEADERS, 'cache-control': 'private, no-cache' } as const;

/** Bytes of the modules read so far, by path: bounded by the build's own files, each read from disk once. */
const loaded = new Map<string, Promise<Buffer>>();

/**
 * One private sandbox module, for a reader who may read the reference (`referenceRule`, by
 * sandbox key) of an API it serves; undefined otherwise (the route answers 404, as for a file that does not
 * exist, so nobody learns which modules there are). Only names the build listed are read, from
 * disk the first time (asynchronously), from memory afterwards.
 */
export async function privateSandboxFile(reader: Reader | undefined, file: string, referenceRule: (key: string) => AccessRule, modules = privateModules()): Promise<Response | undefined> {
  const keys = modules && Object.hasOwn(modules.files, file) ? modules.files[file]! : undefined;
  if (!modules || !keys || !keys.some((key) => mayReadReference(referenceRule(key), reader))) return undefined;
  const path = join(modules.dir, file);
  let bytes = loaded.get(path);
  if (bytes === undefined) {
    bytes = readFile(path);
    loaded.set(path, bytes);
    // A failed read is not kept: the next request tries again.
    bytes.catch(() => loaded.delete(path));
  }
  // A listed module gone from disk after the start check (the output was changed under the server) is not there: 404, never a 500.
  const body = await bytes.catch(() => undefined);
  return body && new Response(new Uint8Array(body), { headers: isPrivateSandboxEntry(file) ? PRIVATE_ENTRY_HEADERS : PRIVATE_MODULE_HEADERS });
}

/**
 * Start check of the front server: every private module a server build lists is in
 * `<outDir>/server/sandbox`, and none may also be a file of its client folder, which the adapter would serve to anyone (with the
 * year-long cache of `_astro/`) before the private route is asked. Such an output mixes two builds
 * (a public one copied over a login-only one): an error naming the file and the fix.
 */
export function checkPrivateModulesStayPrivate(outDir: string): void {
  const list = join(outDir, 'server', SANDBOX_FOLDER, SANDBOX_FILES);
  if (!existsSync(list)) return;
  const files = Object.keys(JSON.parse(readFileSync(list, 'utf8')) as SandboxFileList);
  const missing = files.filter((file) => !existsSync(join(outDir, 'server', SANDBOX_FOLDER, file)));
  if (missing.length > 0) {
    throw new DocsInputError({
      file: list,
      problem: `lists the private sandbox module ${missing[0]}, which is not in ${join(outDir, 'server', SANDBOX_FOLDER)}${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ''}: its readers' consoles could not load.`,
      hint: 'the output is incomplete: build again into an empty folder (npm run build), and deploy dist/ as a whole.',
    });
  }
  const exposed = files.filter((file) => existsSync(join(outDir, 'client', ASSETS_FOLDER, file)));
  if (exposed.length === 0) return;
  throw new DocsInputError({
    file: join(outDir, 'client', ASSETS_FOLDER, exposed[0]!),
    problem: `is a private sandbox module of this build (listed in ${list}), but it is also a public file, which would be served to anyone${exposed.length > 1 ? ` (and ${exposed.length - 1} more)` : ''}.`,
    hint: 'the output mixes two builds: build again into an empty folder (npm run build), and deploy dist/ as a whole.',
  });
}
