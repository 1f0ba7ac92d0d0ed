/**
 * The browser sandbox's modules of each API, kept between production builds in the build's cache
 * folder: an API whose description, server settings and sandbox code are unchanged gets the
 * previous build's route table and operation parts back instead of compiling its description
 * again (GitHub's REST description: about 4 s of a build). Each API is one file,
 * `caravan-docs-sandbox/<key>.json`, holding the digest of its inputs; a file whose digest differs
 * is made again. The generator's own code is covered by the cache folder's name
 * (src/integration/cache-folder.ts), the packages that write the modules by their manifests and
 * the project's lockfile here.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeApi } from '../sandbox/core/types.ts';
import { packageManifest } from './package-manifest.ts';
import { writeFileWhole } from './write-whole.ts';

/** What a production build makes of one API: the route table the page loads, and each operation's part by number. */
export interface SandboxParts {
  api: RuntimeApi;
  parts: string[];
}

/** What decides an API's parts: its description's text (or that text's digest) and the server settings the sandbox answers for. */
export interface SandboxInputs {
  description: string | Buffer;
  overrides: unknown;
  origin: string;
}

const FOLDER = 'caravan-docs-sandbox';
/** The packages whose code turns a description into parts (parsing, the runtime API's examples, the standalone validators, pattern checks). */
const ENGINE_PACKAGES = ['yaml', 'ajv', 'openapi-sampler', 're2js'];
/** The project's lockfile, whichever package manager wrote it: it pins the engine packages' own dependencies too. */
const LOCKFILES = ['package-lock.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock'];

const engines = new Map<string, string>();
/** The engine packages' manifests and the project's lockfile: an upgrade of any package makes every API's parts again. */
function engineDigest(projectRoot: string): string {
  let digest = engines.get(projectRoot);
  if (digest === undefined) {
    const hash = ENGINE_PACKAGES.reduce((sum, name) => sum.update(packageManifest(name)).update('\0'), createHash('sha256'));
    for (const name of LOCKFILES) if (existsSync(join(projectRoot, name))) hash.update(name).update(readFileSync(join(projectRoot, name)));
    digest = hash.digest('hex');
    engines.set(projectRoot, digest);
  }
  return digest;
}

/** A digest of an API's inputs and of the packages that compile them (`projectRoot` holds the lockfile). */
export function sandboxInputsDigest(inputs: SandboxInputs, projectRoot: string): string {
  return createHash('sha256')
    .update(engineDigest(projectRoot))
    .update('\0')
    .update(JSON.stringify([inputs.overrides, inputs.origin]))
    .update('\0')
    .update(inputs.description)
    .digest('hex');
}

export interface SandboxStore {
  /** The stored parts of `key` when they were made from inputs of this digest (never with `force`). */
  read(key: string, digest: string): SandboxParts | undefined;
  /**
   * Stores the parts made now; a build stopped while writing leaves the previous file or none,
   * never half of one. A store that cannot be written (a full disk, a read-only cache) is only a
   * slower next build: the error is returned, for a warning, not thrown.
   */
  write(key: string, digest: string, parts: SandboxParts): Error | undefined;
  /** Removes the stored files of APIs this build did not make or read (a removed version or API). */
  prune(used: ReadonlySet<string>): void;
}

/** The store under a build's cache folder; `force` (`astro build --force`) reads nothing but still stores. */
export function sandboxStore(cacheDir: string, force: boolean): SandboxStore {
  const folder = join(cacheDir, FOLDER);
  const fileOf = (key: string) => join(folder, `${encodeURIComponent(key)}.json`);
  return {
    read(key, digest) {
      if (force) return undefined;
      try {
        const stored = JSON.parse(readFileSync(fileOf(key), 'utf8')) as { digest?: unknown } & Partial<SandboxParts>;
        return stored.digest === digest && stored.api !== undefined && Array.isArray(stored.parts) ? { api: stored.api, parts: stored.parts } : undefined;
      } catch {
        return undefined;
      }
    },
    write(key, digest, parts) {
      try {
        writeFileWhole(fileOf(key), JSON.stringify({ digest, ...parts }));
        return undefined;
      } catch (error) {
        return error as Error;
      }
    },
    prune(used) {
      let names: string[];
      try {
        names = readdirSync(folder);
      } catch {
        return;
      }
      const kept = new Set([...used].map((key) => `${encodeURIComponent(key)}.json`));
      // Stored files only: another build's file being written (`.partial`) is left to its writer.
      for (const name of names) if (name.endsWith('.json') && !kept.has(name)) rmSync(join(folder, name), { force: true });
    },
  };
}

/** "2 APIs, made from their descriptions", "3 APIs, 2 copied from the previous build (description unchanged)". Pure. */
export function sandboxPartsSummary(parts: ReadonlyMap<string, boolean>): string {
  const reused = [...parts.values()].filter(Boolean).length;
  const apis = `${parts.size} API${parts.size === 1 ? '' : 's'}`;
  if (reused === 0) return `${apis}, made from ${parts.size === 1 ? 'its description' : 'their descriptions'}`;
  if (reused === parts.size) return `${apis}, copied from the previous build (${parts.size === 1 ? 'description' : 'descriptions'} unchanged)`;
  return `${apis}, ${reused} copied from the previous build (${reused === 1 ? 'its description' : 'their descriptions'} unchanged)`;
}
