/**
 * The "Changes since <previous>" page of a version's reference: which version it compares with,
 * where it lives, and its Markdown source, from the changes `diffDescriptions` lists. Pure.
 */
import { oneLine } from '../discovery/text.ts';
import { formatText } from '../i18n/format.ts';
import { en, type UiKey } from '../i18n/strings/en.ts';
import { referenceBase } from './catalog.ts';
import type { ChangedOperation, OperationChange } from './api-changes.ts';

/**
 * Changelog pages live under `/{version}/reference/changes/{previous}/` (one of several APIs:
 * `/{version}/reference/{api}/changes/{previous}/`): two segments below the API's overview, so no
 * operation slug (one segment) can take the URL, as schema pages do.
 */
export const changelogSlug = (previousId: string, apiId = ''): string => `${referenceBase(apiId)}/changes/${previousId}`;

/**
 * The APIs of a version that get a changelog: those its previous version has too, matched by id
 * (`''`, a version's single description, matches only a single description: a version that moves
 * from one description to several APIs, or back, has no changelog for that step).
 */
export function comparedApis(currentIds: readonly string[], previousIds: readonly string[]): string[] {
  return currentIds.filter((id) => previousIds.includes(id));
}
export const changelogTitle = (previousLabel: string): string => `Changes since ${previousLabel}`;

/**
 * Version ids as version numbers: `v1.10` after `1.9`, `2.0-beta` before `2.0` (a suffix marks a
 * pre-release, as in semver). Undefined when the id does not start with a number.
 */
function versionNumber(id: string): { parts: number[]; suffix: string } | undefined {
  const match = /^v?(\d+(?:\.\d+)*)(?:[-+._]?(.*))?$/i.exec(id);
  return match ? { parts: match[1]!.split('.').map(Number), suffix: match[2] ?? '' } : undefined;
}

function compareVersionNumbers(a: { parts: number[]; suffix: string }, b: { parts: number[]; suffix: string }): number {
  for (let position = 0; position < Math.max(a.parts.length, b.parts.length); position++) {
    const difference = (a.parts[position] ?? 0) - (b.parts[position] ?? 0);
    if (difference !== 0) return difference;
  }
  if (a.suffix === b.suffix) return 0;
  if (a.suffix === '') return 1;
  if (b.suffix === '') return -1;
  return a.suffix.localeCompare(b.suffix, 'en', { numeric: true });
}

/**
 * The version a version's changelog compares with: the highest version number below its own
 * among the site's versions (versions.yml lists them in display order, which need not be the
 * order of release). Undefined for the lowest, and for ids that are not version numbers.
 */
export function previousVersionId(ids: readonly string[], id: string): string | undefined {
  const own = versionNumber(id);
  if (!own) return undefined;
  let best: { id: string; number: { parts: number[]; suffix: string } } | undefined;
  for (const other of ids) {
    const number = versionNumber(other);
    if (!number || compareVersionNumbers(number, own) >= 0) continue;
    if (!best || compareVersionNumbers(number, best.number) > 0) best = { id: other, number };
  }
  return best?.id;
}

/** What the page and its Markdown show. */
export interface Changelog {
  /** The API it compares: `''` for a version's single description, else its id under `apis/`. */
  api: string;
  slug: string;
  title: string;
  previous: { id: string; label: string };
  current: { id: string; label: string };
  changes: readonly OperationChange[];
}

export interface ChangelogUrls {
  /** URL of an operation's page in a version, from its slug in that version's description. */
  operationUrl: (versionId: string, operationSlug: string) => string;
}

/** Counts for the lead sentence: how many operations were added, removed and changed, and how many changes break. */
function changelogCounts(changes: readonly OperationChange[]): { added: number; removed: number; changed: number; breaking: number } {
  return {
    added: changes.filter((change) => change.kind === 'added').length,
    removed: changes.filter((change) => change.kind === 'removed').length,
    changed: changes.filter((change) => change.kind === 'changed').length,
    breaking: changes.reduce((sum, change) => sum + change.details.filter((item) => item.breaking).length, 0),
  };
}

/** An interface string in a page's language (`pageText(url).t`); English by default, as Markdown and llms.txt are. */
export type UiText = (key: UiKey, values?: Readonly<Record<string, string | number>>) => string;

export const english: UiText = (key, values) => formatText(en[key], values);

export function changelogLead(changelog: Changelog, text: UiText = english): string {
  const { added, removed, changed, breaking } = changelogCounts(changelog.changes);
  const versions = { previous: changelog.previous.label, current: changelog.current.label };
  if (changelog.changes.length === 0) return text('changelog.leadNone', versions);
  const breakingText = breaking === 0 ? text('changelog.noBreaking') : breaking === 1 ? text('changelog.oneBreaking') : text('changelog.manyBreaking', { count: breaking });
  return text(changelog.changes.length === 1 ? 'changelog.leadOne' : 'changelog.leadMany', { ...versions, added, removed, changed, breaking: breakingText });
}

/** The section an operation's change is listed in. */
export const CHANGE_SECTIONS = [
  { kind: 'removed', title: 'Removed operations', key: 'changelog.removed', id: 'removed' },
  { kind: 'changed', title: 'Changed operations', key: 'changelog.changed', id: 'changed' },
  { kind: 'added', title: 'Added operations', key: 'changelog.added', id: 'added' },
] as const;

/** `/{version}/reference/changes/{previous}.md`: the changelog as Markdown, with absolute links. */
export function changelogMarkdown(changelog: Changelog, urls: ChangelogUrls): string {
  const lines = [`# ${oneLine(changelog.title)}`, '', changelogLead(changelog), '', 'Breaking changes are marked **Breaking**: a client written for the previous version may fail on them.', ''];
  const link = (versionId: string, operation: ChangedOperation) => `[${operation.title.replaceAll(/[[\]]/g, '\\$&')}](${urls.operationUrl(versionId, operation.slug)})`;
  for (const section of CHANGE_SECTIONS) {
    const changes = changelog.changes.filter((change) => change.kind === section.kind);
    if (changes.length === 0) continue;
    lines.push(`## ${section.title}`, '');
    for (const change of changes) {
      const mark = change.breaking ? ' **Breaking**' : '';
      if (change.kind === 'added') lines.push(`### ${change.current.label}`, '', `${link(changelog.current.id, change.current)} is new in ${changelog.current.label}.`, '');
      else if (change.kind === 'removed') lines.push(`### ${change.previous.label}${mark}`, '', `${link(changelog.previous.id, change.previous)} of ${changelog.previous.label} is gone.`, '');
      else {
        lines.push(`### ${change.current.label}${mark}`, '', `${link(changelog.current.id, change.current)} (${changelog.current.label}); was ${link(changelog.previous.id, change.previous)} (${changelog.previous.label}).`, '');
        for (const item of change.details) lines.push(`- ${item.breaking ? '**Breaking:** ' : ''}${item.text}`);
        lines.push('');
      }
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
