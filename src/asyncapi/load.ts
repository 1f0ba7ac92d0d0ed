/**
 * Node only: every event API of a site (`content/<version>/apis/<id>/asyncapi.yaml`), parsed and
 * validated (parse.ts) once per build, in version and folder order, with the site's title and
 * roles for it (`apis:` in site.yml). The first description the parser rejects is thrown as a
 * DocsInputError.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteConfig } from '../config/schemas/site.ts';
import type { SiteModel } from '../model/types.ts';
import { referenceAccess } from '../model/access.ts';
import { DocsInputError, type DocsWarning } from '../config/errors.ts';
import { describeApi } from '../openapi/describe.ts';
import { readOpenApi, versionApiSources, versionEventApiSources, type ApiSource } from '../openapi/openapi-fs.ts';
import { REFERENCE_SLUG, referenceCatalog } from '../reference/catalog.ts';
import { previousVersionId } from '../reference/changelog.ts';
import { eventChanges, MAX_CHANGES, type EventChanges } from './changes.ts';
import { modelChanges } from './model-changes.ts';
import { parseEventDocument } from './parse.ts';
import type { EventApi } from './types.ts';

export interface LoadedEventApi {
  /** `<version>~<id>`: names its sandbox and its modules. */
  key: string;
  version: string;
  id: string;
  /** The description, relative to the docs root. */
  file: string;
  api: EventApi;
  /** The title site.yml gives it (`apis:`), else the description's. */
  title: string;
  /** Roles site.yml gates it with; empty: public. */
  roles: string[];
  /** What changed since the previous version that has this API (its "Changes since" page). */
  changes?: EventChanges | undefined;
}

/**
 * The event APIs a build publishes: those without roles, and with sign-in on (`auth.enabled`) those
 * gated by roles too, which only the server renders, for readers holding one of them (as for an
 * OpenAPI API gated by roles; `publicEventApis` are the ones static files may hold). None on a site
 * whose reference needs sign-in: their sandbox modules would be public files.
 */
export function publishedEventApis(events: readonly LoadedEventApi[], config: Pick<SiteConfig, 'auth'>): LoadedEventApi[] {
  if (!referenceAccess(config.auth).public) return [];
  return events.filter((entry) => entry.roles.length === 0 || config.auth.enabled);
}

/** The published event APIs anyone may read: the only ones static files (pages, Markdown sources, sandbox modules) may hold. */
export function publicEventApis(events: readonly LoadedEventApi[]): LoadedEventApi[] {
  return events.filter((entry) => entry.roles.length === 0);
}

/** A warning per event API `publishedEventApis` leaves out (skipped input is never silent), with why. */
export function leftOutWarnings(events: readonly LoadedEventApi[], published: readonly LoadedEventApi[], config: Pick<SiteConfig, 'auth'>): DocsWarning[] {
  const loginOnly = !referenceAccess(config.auth).public;
  return events
    .filter((entry) => !published.includes(entry))
    .map((entry) => ({
      file: entry.file,
      message: loginOnly
        ? 'is left out of the build: event APIs are not supported yet on a site where the reference needs sign-in (`auth.requireLogin`). Turn requireLogin off to publish it (with roles in site.yml, apis:, if only some readers may read it).'
        : 'is left out of the build: it is gated by roles in site.yml (apis:) and sign-in is off (`auth.enabled` in config/site.yml), as an OpenAPI API gated by roles is. Turn sign-in on to serve it to readers holding one of its roles.',
    }));
}

const majorOf = (asyncapi: string) => asyncapi.split('.')[0];

export async function loadEventApis(docsRoot: string, model: SiteModel): Promise<LoadedEventApi[]> {
  const apis: LoadedEventApi[] = [];
  const documents = new Map<string, Record<string, unknown>>();
  for (const site of model.versions) {
    const sources = versionEventApiSources(docsRoot, site.version.id);
    checkUrlClashes(docsRoot, site.version.id, sources);
    for (const source of sources) {
      const { api, document } = await parseEventDocument(readFileSync(join(docsRoot, source.file), 'utf8'), source.file);
      const settings = model.config.apis.find((entry) => entry.id === source.id);
      documents.set(source.key, document);
      apis.push({ key: source.key, version: site.version.id, id: source.id, file: source.file, api, title: settings?.title ?? api.title, roles: settings?.roles ?? [] });
    }
  }
  // Each API against itself in the previous version by number (as the OpenAPI changelog compares), when that version has it.
  const versionIds = model.versions.map((site) => site.version.id);
  for (const entry of apis) {
    const previousId = previousVersionId(versionIds, entry.version);
    const previous = apis.find((candidate) => candidate.version === previousId && candidate.id === entry.id);
    if (!previous) continue;
    const labelOf = (versionId: string) => model.versions.find((site) => site.version.id === versionId)!.version.label;
    const [label, current] = [labelOf(previous.version), { id: entry.version, label: labelOf(entry.version) }];
    // @asyncapi/diff compares descriptions of one AsyncAPI major version only (2.6 to 3.0 is a common move).
    const sameMajor = majorOf(previous.api.asyncapi) === majorOf(entry.api.asyncapi);
    const byDiff = sameMajor ? eventChanges(documents.get(previous.key), documents.get(entry.key)) : undefined;
    entry.changes = byDiff
      ? { previous: { id: previous.version, label }, current, comparedBy: 'asyncapi-diff', changes: byDiff }
      : { previous: { id: previous.version, label, asyncapi: previous.api.asyncapi }, current, comparedBy: 'operations', fallback: sameMajor ? 'diff-failed' : 'versions', changes: modelChanges(previous.api, entry.api).slice(0, MAX_CHANGES) };
  }
  return apis;
}

/** Segments under `/{version}/reference/` a single OpenAPI description's pages may take besides its operations. */
const RESERVED_SEGMENTS = ['schemas', 'changes'];

/**
 * Beside a version's single OpenAPI description (`content/<version>/openapi.yaml`), whose pages sit
 * straight under `/{version}/reference/`, an event API's id must not be one of their URL segments.
 */
function checkUrlClashes(docsRoot: string, versionId: string, sources: readonly ApiSource[]): void {
  if (sources.length === 0) return;
  const single = versionApiSources(docsRoot, versionId).find((source) => source.id === '');
  if (!single) return;
  const taken = new Set([...RESERVED_SEGMENTS, ...referenceCatalog(describeApi(readOpenApi(docsRoot, single.file), { source: single.file })).operations.map((entry) => entry.slug.slice(REFERENCE_SLUG.length + 1))]);
  for (const source of sources) {
    if (!taken.has(source.id)) continue;
    throw new DocsInputError({
      file: source.file,
      problem: `is the event API "${source.id}", whose pages would be at /${versionId}/reference/${source.id}/, a URL ${single.file} already uses${RESERVED_SEGMENTS.includes(source.id) ? '' : ' for an operation'}.`,
      hint: `rename the folder content/${versionId}/apis/${source.id}/ (its name is the API's id and URL segment).`,
    });
  }
}
