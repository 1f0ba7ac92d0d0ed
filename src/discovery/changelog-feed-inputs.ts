/**
 * The changelog feed's input (feeds.ts) from each kind of "Changes since" page: an OpenAPI API's
 * (reference/changelog.ts) and an event API's (AsyncAPI, asyncapi/changes.ts), so both get the
 * same kind of entry. Pure.
 */
import type { EventChanges } from '../asyncapi/changes.ts';
import { eventChangesLead } from '../asyncapi/changes-lead.ts';
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
    lead: eventChangesLead(page.changes),
    breaking: page.changes.changes.some((change) => change.kind === 'breaking'),
    ...api,
  };
}
