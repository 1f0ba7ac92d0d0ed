/**
 * The lead sentence of an event API's "Changes since" page and of its feed entry: how many changes,
 * by what each does (added, removed, changed), and how many are breaking, as `changelogLead` says
 * an OpenAPI changelog. In the page's language, English by default (the feed's). Pure.
 */
import { english, type UiText } from '../reference/changelog.ts';
import type { EventChanges } from './changes.ts';

export function eventChangesLead({ previous, current, changes }: EventChanges, text: UiText = english): string {
  const versions = { previous: previous.label, current: current.label };
  if (changes.length === 0) return text('events.changesLeadNone', versions);
  const count = (action: EventChanges['changes'][number]['action']) => changes.filter((change) => change.action === action).length;
  const breaking = changes.filter((change) => change.kind === 'breaking').length;
  const breakingText = breaking === 0 ? text('changelog.noBreaking') : breaking === 1 ? text('changelog.oneBreaking') : text('changelog.manyBreaking', { count: breaking });
  const values = { ...versions, count: changes.length, added: count('add'), removed: count('remove'), changed: count('edit'), breaking: breakingText };
  return text(changes.length === 1 ? 'events.changesLeadOne' : 'events.changesLeadMany', values);
}
