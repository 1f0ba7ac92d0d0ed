import type { DocsWarning } from '../config/errors.ts';
import type { Source } from '../config/friendly-errors.ts';
import type { NavEntryInput } from '../config/schemas/nav.ts';
import { closest } from '../config/suggest.ts';

/** One version's nav entries and the file they came from. */
export interface NavInput {
  nav: readonly NavEntryInput[];
  navSource: Source;
}

/**
 * Roles in nav.yml that no reader can hold: a page gated to one is hidden from everyone. Each is
 * a warning naming the nav file and line, the known roles and the nearest one. Pure.
 */
export function unknownRoleWarnings(versions: readonly NavInput[], knownRoles: ReadonlySet<string>): DocsWarning[] {
  const warnings: DocsWarning[] = [];
  const known = [...knownRoles].sort();
  const visit = (entries: readonly NavEntryInput[], path: PropertyKey[], source: Source) => {
    entries.forEach((entry, index) => {
      const entryPath = [...path, index];
      (entry.roles ?? []).forEach((role, roleIndex) => {
        if (knownRoles.has(role)) return;
        const line = source.lineOf([...entryPath, 'roles', roleIndex]);
        const suggestion = closest(role, known);
        const what = entry.kind === 'page' ? `the page "${entry.slug}"` : entry.kind === 'topic' ? `the topic "${entry.topic}"` : `the section "${entry.title}"${entry.slug === undefined ? '' : ` (with "${entry.slug}")`}`;
        warnings.push({
          file: line === undefined ? source.file : `${source.file}:${line}`,
          message:
            `gates ${what} to the role "${role}", which no reader can hold, so it is hidden from everyone. ` +
            `${suggestion === undefined ? '' : `Did you mean "${suggestion}"? `}Known roles: ${known.length === 0 ? '(none)' : known.join(', ')} ` +
            '(from config/users.yml and `auth.roles` in config/site.yml; list roles your sign-in provider grants under `auth.roles`).',
        });
      });
      if (entry.kind !== 'page') visit(entry.children, [...entryPath, 'children'], source);
    });
  };
  for (const version of versions) visit(version.nav, [], version.navSource);
  return warnings;
}

/**
 * Roles of `apis:` entries in site.yml that no reader can hold: an API gated to one is hidden
 * from everyone. Warnings in the same words as for nav.yml roles, naming site.yml's line. Pure.
 */
export function unknownApiRoleWarnings(apis: ReadonlyArray<{ id: string; roles: readonly string[] }>, source: Source, knownRoles: ReadonlySet<string>): DocsWarning[] {
  const known = [...knownRoles].sort();
  return apis.flatMap((api, index) =>
    api.roles.flatMap((role, roleIndex) => {
      if (knownRoles.has(role)) return [];
      const line = source.lineOf(['apis', index, 'roles', roleIndex]);
      const suggestion = closest(role, known);
      return [
        {
          file: line === undefined ? source.file : `${source.file}:${line}`,
          message:
            `gates the API "${api.id}" to the role "${role}", which no reader can hold, so it is hidden from everyone. ` +
            `${suggestion === undefined ? '' : `Did you mean "${suggestion}"? `}Known roles: ${known.length === 0 ? '(none)' : known.join(', ')} ` +
            '(from config/users.yml and `auth.roles` in config/site.yml; list roles your sign-in provider grants under `auth.roles`).',
        },
      ];
    }),
  );
}
