/**
 * Who an agent token acts for at the moment it is used, not when it was created. A token of a
 * users.yml reader follows that entry: removed, the token is refused; roles taken away, the token
 * loses them too (it keeps the intersection of its creation roles and the current ones, so a
 * token never gains a role its reader got later). A single-sign-on reader's roles live at the
 * identity provider and can only be read with their own session, so their tokens keep the
 * creation roles (a known limit, in the README); a site that drops single sign-on refuses them.
 * Pure.
 */
import type { Reader, ReaderSource } from '../model/access.ts';

/** What a token remembers of its reader. */
export interface TokenOwner {
  reader: Reader;
  /** Absent on tokens created before it was recorded: then inferred (below). */
  source?: ReaderSource | undefined;
}

/** The readers the server knows now: users.yml, and whether single sign-on is configured. */
export interface ReaderDirectory {
  users: readonly { username: string; name?: string | undefined; roles: readonly string[] }[];
  oidc: boolean;
}

export type TokenReader = { ok: true; reader: Reader } | { ok: false; reason: string };

export function tokenReader(owner: TokenOwner, directory: ReaderDirectory): TokenReader {
  const entry = directory.users.find((user) => user.username.toLowerCase() === owner.reader.id.toLowerCase());
  // An old token: a users.yml reader if the id is one; otherwise single sign-on's, when the site has it.
  const source = owner.source ?? (entry || !directory.oidc ? 'users' : 'oidc');
  if (source === 'oidc') {
    return directory.oidc ? { ok: true, reader: owner.reader } : { ok: false, reason: 'The token was created through single sign-on, which this site no longer offers.' };
  }
  if (!entry) return { ok: false, reason: 'The reader this token acts for is no longer in users.yml.' };
  const roles = owner.reader.roles.filter((role) => entry.roles.includes(role));
  return { ok: true, reader: { id: owner.reader.id, name: entry.name ?? entry.username, roles, source: 'users' } };
}
