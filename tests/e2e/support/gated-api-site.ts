import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { krakenWithoutUnsubscribe } from './event-apis-site.ts';
import { OUTPUT, PROJECT_ROOT } from './sites.ts';

/** A reader whose role (`staff`) opens the desk guide but not the admin API. */
export const STAFFER = { username: 'staffer', password: 'fixture-staffer-pass', hash: 'scrypt$16384$8$1$ZssJXPV5q3VfJks1J01Z_w$sghGGLpYneh1kAa97ns09FgWZgzktBMI7X_G3YagB_c' };

/** The event API (AsyncAPI, Kraken's 3.1 example) gated like the admin API: its title, and strings of its description no public file may hold. */
export const GATED_EVENTS = {
  title: 'Kraken feed (partners)',
  needles: ['Kraken feed (partners)', 'Kraken Websockets API', 'reference/kraken', 'v1~kraken', 'receivePing', 'subscriptionStatus', 'dummyCurrencyInfo', 'application level ping', 'Subscription status response', 'The name of the channel you subscribe too'],
};

/** The private module through which the admin API's consoles load its sandbox (src/console/private-entry.ts). */
export const GATED_ENTRY = '/_astro/sandbox-entry-v1~admin.js';

/**
 * The two-API fixture (tests/fixtures/several-apis) with sign-in on and its admin API gated by
 * roles (`apis: [{ id: admin, roles: [partner] }]`), the auth fixture's readers plus `STAFFER`,
 * a guide for partners and staff holding a console of the admin API, an earlier version v0
 * whose admin API lacks getUser, and an event API `kraken` gated like the admin API (`GATED_EVENTS`;
 * v0's lacks the operation unsubscribe). Returns its docs root.
 */
export function writeGatedApiSite(name: string): string {
  const root = join(OUTPUT, name);
  rmSync(root, { recursive: true, force: true });
  cpSync(join(PROJECT_ROOT, 'tests/fixtures/several-apis'), root, { recursive: true });
  const site = readFileSync(join(root, 'config/site.yml'), 'utf8').replace('{ id: admin, title: Admin API (staff) }', `{ id: admin, title: Admin API (staff), roles: [partner] }\n  - { id: kraken, title: ${GATED_EVENTS.title}, roles: [partner] }`);
  if (!site.includes('roles: [partner]')) throw new Error('the several-apis fixture no longer names its admin API as this site expects');
  writeFileSync(join(root, 'config/site.yml'), `${site}auth: { enabled: true }\n`);
  const users = readFileSync(join(PROJECT_ROOT, 'tests/fixtures/auth/config/users.yml'), 'utf8');
  writeFileSync(join(root, 'config/users.yml'), `${users}- username: staffer\n  name: Sam Staffer\n  roles: [staff]\n  passwordHash: ${STAFFER.hash}\n`);
  // A guide for partners and staff, with a console of the admin API: only partners may read that API.
  writeFileSync(join(root, 'content/v1/nav.yml'), `${readFileSync(join(root, 'content/v1/nav.yml'), 'utf8')}- slug: desk\n  roles: [partner, staff]\n`);
  writeFileSync(join(root, 'content/v1/desk.mdx'), '---\ntitle: Service desk\n---\n\nDESKGUIDETEXT for partners and staff.\n\n<TryIt api="admin" operation="getStatus" />\n');
  // The public guides' consoles call the public API (a public page cannot hold a console of a gated API).
  writeFileSync(join(root, 'content/v1/try.mdx'), '---\ntitle: Try the notes API\n---\n\n<TryIt api="public" operation="listNotes" />\n');
  writeFileSync(join(root, 'content/v1/mixed.mdx'), '---\ntitle: Notes status\n---\n\n<TryIt api="public" operation="getStatus" />\n');
  writeFileSync(join(root, 'content/v1/overview.md'), '---\ntitle: Overview\n---\n\nThe platform has a [public API](/v1/reference/public/).\n');
  // An earlier version v0 whose admin API had no getUser: v1's admin API gets a "Changes since v0" page.
  writeFileSync(join(root, 'config/versions.yml'), '- { id: "v1", label: "v1", stable: true }\n- { id: "v0", label: "v0", stable: false }\n');
  mkdirSync(join(root, 'content/v0/apis'), { recursive: true });
  cpSync(join(root, 'content/v1/apis/public'), join(root, 'content/v0/apis/public'), { recursive: true });
  cpSync(join(root, 'content/v1/apis/admin'), join(root, 'content/v0/apis/admin'), { recursive: true });
  const admin = readFileSync(join(root, 'content/v0/apis/admin/openapi.yaml'), 'utf8');
  const withoutGetUser = admin.replace(/ {2}\/users\/\{userId\}:\n[\s\S]*?(?=\n {2}\/status:)/, '');
  if (withoutGetUser === admin) throw new Error('the several-apis fixture no longer has the admin API path this site removes');
  writeFileSync(join(root, 'content/v0/apis/admin/openapi.yaml'), withoutGetUser);
  mkdirSync(join(root, 'content/v1/apis/kraken'), { recursive: true });
  cpSync(join(PROJECT_ROOT, 'tests/fixtures/asyncapi/kraken-3.1.yml'), join(root, 'content/v1/apis/kraken/asyncapi.yml'));
  mkdirSync(join(root, 'content/v0/apis/kraken'), { recursive: true });
  writeFileSync(join(root, 'content/v0/apis/kraken/asyncapi.yml'), krakenWithoutUnsubscribe());
  writeFileSync(join(root, 'content/v0/nav.yml'), '- slug: overview\n');
  writeFileSync(join(root, 'content/v0/overview.md'), '---\ntitle: Overview\n---\n\nThe first version.\n');
  return root;
}
