import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Scalar's Galaxy (npm package @scalar/galaxy, `dist/3.1.yaml`, MIT, by Scalar): an example
 * description written to exercise API tools, read from node_modules at setup time and never
 * vendored. Its operations accept every kind of credential OpenAPI has: `getMe` takes HTTP
 * basic, OAuth 2, a bearer token or an API key in a header or the query (five alternatives),
 * and the operations without `security` inherit the top-level seven (a cookie API key and
 * OpenID Connect too). No `x-sandbox-credentials`: the sandbox takes any well-formed credential.
 *
 * The site lets readers send to the real API, as a site of this API would, so the OAuth 2
 * alternative offers its "Get a token" panel. A guide embeds the consoles of `getMe` and
 * `deletePlanet`; the reference has one on every operation page.
 */
const GALAXY_DESCRIPTION = fileURLToPath(import.meta.resolve('@scalar/galaxy/3.1.yaml'));

export function writeGalaxySite(root: string): void {
  rmSync(root, { recursive: true, force: true });
  const files: Record<string, string> = {
    'config/site.yml': 'title: Galaxy Docs\ndescription: Scalar’s Galaxy, tried as a new user would.\nurl: https://docs.galaxy.example\napi:\n  sendToRealApi: true\n',
    'config/versions.yml': '- { id: "1.0", label: "1.0", stable: true }\n',
    'content/1.0/openapi.yaml': readFileSync(GALAXY_DESCRIPTION, 'utf8'),
    'content/1.0/nav.yml': '- slug: overview\n- slug: me\n',
    'content/1.0/overview.md': '---\ntitle: Overview\ndescription: The Galaxy API.\n---\n\nThe [Galaxy API reference](/1.0/reference/).\n',
    'content/1.0/me.mdx': '---\ntitle: Your account\ndescription: Who you are, with each kind of credential.\n---\n\n<TryIt operation="getMe" title="Get my account" />\n\n<TryIt operation="deletePlanet" title="Delete a planet" />\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
}
