/**
 * The changelog feed's input (feeds.ts) from each kind of "Changes since" page: an OpenAPI API's
 * (reference/changelog.ts) and an event API's (AsyncAPI, asyncapi/changes.ts), so both get the
 * same kind of entry. Pure.
 */
import type { EventChanges } from '../asyncapi/changes.ts';
import { formatText } from '../i18n/format.ts';
import { en } from '../i18n/strings/en.ts';
import { changelogLead, type Changelog } from '../reference/changelog.ts';
import type { ChangelogFeedInput } from './feeds.ts';

/** What the site says of the changelog's API: its title when the entry names it, its roles, and its description file in the version. */
type ChangelogApi = Pick<ChangelogFeedInput, 'apiTitle' | 'roles' | 'file'>;

export function openApiChangelogFeedInput(changelog: Changelog, api: ChangelogApi): ChangelogFeedInput {
  return {
    slug: changelog.slug,
    title: changelog.title,
    version: changelog.current,
    lead: changelogLead(changelog),
    breaking: changelog.changes.some((change) => change.breaking),
    ...api,
  };
}

/** An event API's "Changes since" page (`EventCatalog.changes`), listing what changed in `version`. */
export function eventChangelogFeedInput(page: { slug: string; title: string; changes: EventChanges }, version: { id: string; label: string }, api: ChangelogApi): ChangelogFeedInput {
  return {
    slug: page.slug,
    title: page.title,
    version: { id: version.id, label: version.label },
    lead: eventChangesLead(page.changes, version.label),
    breaking: page.changes.changes.some((change) => change.kind === 'breaking'),
    ...api,
  };
}

const english = (key: keyof typeof en, values?: Record<string, number>) => formatText(en[key], values);

/**
 * As `changelogLead` says an OpenAPI changelog, in English as the feed is: how many changes, by
 * what each does (a channel, operation, message or field added, removed or changed), and how many
 * are breaking (by @asyncapi/diff, or by the operation-by-operation rules when it cannot compare the two).
 */
function eventChangesLead({ previous, changes }: EventChanges, currentLabel: string): string {
  if (changes.length === 0) return `No change between ${previous.label} and ${currentLabel}.`;
  const count = (action: EventChanges['changes'][number]['action']) => changes.filter((change) => change.action === action).length;
  const breaking = changes.filter((change) => change.kind === 'breaking').length;
  const breakingText = breaking === 0 ? english('changelog.noBreaking') : breaking === 1 ? english('changelog.oneBreaking') : english('changelog.manyBreaking', { count: breaking });
  return `From ${previous.label} to ${currentLabel}: ${changes.length === 1 ? '1 change' : `${changes.length} changes`} (${count('add')} added, ${count('remove')} removed, ${count('edit')} changed), with ${breakingText}.`;
}
