import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { applyAuthEnv } from './env.ts';
import { applyBuildEnv } from './build-env.ts';
import { migratePartnersBaseUrl, ownServerUrls } from './deprecated-api-keys.ts';
import { DocsInputError, type DocsWarning } from './errors.ts';
import { checkReleaseNotesSection } from './feed-checks.ts';
import { checkLocaleIds, directionWarnings } from './locale-checks.ts';
import { parseWithFriendlyErrors } from './friendly-errors.ts';
import { parseNav } from './nav-file.ts';
import { checkSiteFiles } from './site-files.ts';
import { siteSchema, type SiteConfig } from './schemas/site.ts';
import { usersFileSchema, usersSchema, type UserRecord } from './schemas/users.ts';
import { versionsSchema } from './schemas/versions.ts';
import { parseYamlFile, type YamlFile } from './yaml-file.ts';
import { unknownApiRoleWarnings, unknownRoleWarnings } from '../model/role-check.ts';
import { resolveSite, type PageSource, type Resolved, type VersionInput } from '../model/resolve.ts';
import { localizeSite, type TranslationInput } from '../model/localize.ts';
import { readOpenApi, versionApiSources, versionEventApiSources } from '../openapi/openapi-fs.ts';
import { coveredByPublicPaths } from '../server/request-target.ts';

/** The docs root: DOCS_ROOT when set, else the given default (the project root). */
export function docsRootFrom(env: Readonly<Record<string, string | undefined>>, fallback: string): string {
  return env.DOCS_ROOT ? env.DOCS_ROOT : fallback;
}

/** The resolved site plus the readers of config/users.yml (empty when the file is absent). */
export interface LoadedSite extends Resolved {
  users: UserRecord[];
}

/** Reads config/ and content/ under `root` and resolves the site model. The only reader of YAML. */
export function loadSite(root: string, env: Readonly<Record<string, string | undefined>> = process.env): LoadedSite {
  const warnings: DocsWarning[] = [];
  const siteFile = readYaml(root, 'config/site.yml');
  const written = applyBuildEnv(applyAuthEnv(parseWithFriendlyErrors(siteSchema, siteFile.data ?? {}, siteFile), env), env);
  checkSiteFiles(root, written, (siteFile.data as { theme?: { logo?: unknown } } | null)?.theme?.logo, siteFile);

  const versionsFile = readYaml(root, 'config/versions.yml');
  const versionEntries = parseWithFriendlyErrors(versionsSchema, versionsFile.data, versionsFile);
  checkLocaleIds(written.i18n, versionEntries.map((entry) => entry.id), siteFile);
  warnings.push(...directionWarnings(written.i18n, siteFile));

  const seenIds = new Set<string>();
  const versions: VersionInput[] = versionEntries.map((entry, index) => {
    if (seenIds.has(entry.id)) {
      throw new DocsInputError({ file: versionsFile.file, line: versionsFile.lineOf([index, 'id']), field: `[${index}].id`, problem: `"${entry.id}" is listed twice.`, hint: 'give every version a unique id.' });
    }
    seenIds.add(entry.id);
    const folder = join(root, 'content', entry.id);
    if (!existsSync(folder) || !statSync(folder).isDirectory()) {
      throw new DocsInputError({
        file: versionsFile.file,
        line: versionsFile.lineOf([index, 'id']),
        field: `[${index}].id`,
        problem: `version "${entry.id}" has no content folder.`,
        hint: `create content/${entry.id}/ with a nav.yml and its pages, or remove the version.`,
      });
    }
    const navFile = readYaml(root, `content/${entry.id}/nav.yml`);
    return { entry, nav: parseNav(navFile.data, navFile), navSource: navFile, pageFiles: listPageFiles(root, entry.id) };
  });

  const localeIds = new Set(written.i18n.locales.map((locale) => locale.id));
  for (const folder of listFolders(join(root, 'content'))) {
    if (localeIds.has(folder)) {
      for (const inner of listFolders(join(root, 'content', folder))) {
        if (!seenIds.has(inner)) warnings.push({ file: `content/${folder}/${inner}/`, message: `is not a version in config/versions.yml, so its translations are not built. Name the folder after a version id (${[...seenIds].join(', ')}).` });
      }
      continue;
    }
    if (!seenIds.has(folder) && existsSync(join(root, 'content', folder, 'nav.yml'))) {
      warnings.push({ file: `content/${folder}/`, message: `is not listed in config/versions.yml, so it is not built. Add "- { id: \"${folder}\", label: \"${folder}\", stable: false }" to publish it.` });
    }
  }

  const { api, warning: apiWarning } = migrateApiKeys(root, written.api, versionEntries.map((entry) => entry.id));
  if (apiWarning) warnings.push({ file: `${siteFile.file}:${siteFile.lineOf(['api', 'partnersBaseUrl']) ?? 1}`, message: apiWarning });
  const config: SiteConfig = { ...written, api };

  const users = loadUsers(root);
  if (config.auth.enabled && users.length === 0 && !config.auth.oidc) {
    warnings.push({ file: 'config/site.yml', message: 'enables sign-in, but no one can sign in: add readers to config/users.yml (passwords from `npx caravan-docs hash-password`) or configure auth.oidc.' });
  }

  if (config.auth.enabled && config.auth.publicPaths.some((prefix) => prefix.replace(/\/+$/, '') === '')) {
    warnings.push({ file: 'config/site.yml', message: '`auth.publicPaths` lists "/", which opens every gated page to anyone. List only the paths that should skip sign-in (like /login and /api/auth).' });
  }

  // A gated API is left out of a static site; with sign-in its pages are rendered for its readers
  // only. `auth.publicPaths` opens gated pages to anyone, but never a gated API: a prefix covering one is refused.
  const gatedApi = config.auth.enabled ? gatedApiOpenedByPublicPaths(config, versionEntries.map((entry) => entry.id)) : undefined;
  if (gatedApi) {
    throw new DocsInputError({
      file: siteFile.file,
      line: siteFile.lineOf(['auth', 'publicPaths', gatedApi.prefixIndex]),
      field: `auth.publicPaths[${gatedApi.prefixIndex}]`,
      problem: `"${config.auth.publicPaths[gatedApi.prefixIndex]}" covers ${gatedApi.path}, a page of the API "${gatedApi.id}", which \`apis:\` gates with roles; publicPaths cannot open a gated API to anyone.`,
      hint: `narrow the prefix so it leaves ${gatedApi.path} out, or remove \`roles\` from the API "${gatedApi.id}" to make it public.`,
    });
  }

  const resolvedDefault = resolveSite({ config, versions });
  warnings.push(...checkReleaseNotesSection(resolvedDefault.model, siteFile));
  // A reference topic in a version without an API description would be a tab that never shows.
  for (const version of versions) {
    const site = resolvedDefault.model.versions.find((entry) => entry.version.id === version.entry.id);
    if (site?.referenceTopic && versionApiSources(root, version.entry.id).length === 0 && versionEventApiSources(root, version.entry.id).length === 0) {
      warnings.push({ file: version.navSource.file, message: `has a topic with \`reference: true\` ("${site.referenceTopic.title}"), but version ${version.entry.id} has no API description, so its tab is not shown. Add content/${version.entry.id}/openapi.yaml (or an API under apis/), or remove the topic.` });
    }
  }
  const localized = localizeSite(resolvedDefault.model, new Map(versions.map((version) => [version.entry.id, version.navSource.file])), (localeId, versionId) => readTranslations(root, localeId, versionId));
  const resolved: Resolved = localized.locales
    ? { model: { ...resolvedDefault.model, locales: localized.locales }, warnings: [...resolvedDefault.warnings, ...localized.warnings], orphans: [...resolvedDefault.orphans, ...localized.orphans] }
    : resolvedDefault;
  const knownRoles = readerRoles(users, config.auth);
  if (knownRoles) warnings.push(...unknownRoleWarnings(versions, knownRoles), ...unknownApiRoleWarnings(config.apis, siteFile, knownRoles));
  return { ...resolved, users, warnings: [...warnings, ...resolved.warnings] };
}

/** `api:` with its deprecated key read as what it stands for; the descriptions are read only when that key is there. */
function migrateApiKeys(root: string, api: SiteConfig['api'], versionIds: readonly string[]): ReturnType<typeof migratePartnersBaseUrl> {
  if (api.partnersBaseUrl === undefined) return migratePartnersBaseUrl(api, []);
  const documents = versionIds.flatMap((id) => versionApiSources(root, id).map(({ file }) => readOpenApi(root, file)));
  return migratePartnersBaseUrl(api, ownServerUrls(documents));
}

/**
 * Every role a reader can hold: those of config/users.yml and `auth.roles`. Undefined when they
 * cannot be known (an OpenID Connect provider grants roles of its own unless `auth.roles` lists
 * them) and when the site has no readers at all (gating then hides pages on purpose).
 */
function readerRoles(users: readonly UserRecord[], auth: SiteConfig['auth']): Set<string> | undefined {
  if (auth.roles === undefined && (auth.oidc || users.length === 0)) return undefined;
  return new Set([...users.flatMap((user) => user.roles), ...(auth.roles ?? [])]);
}

/** config/users.yml, when present: readers who sign in with a password. Usernames are unique, ignoring case. */
function loadUsers(root: string): UserRecord[] {
  if (!existsSync(join(root, USERS_FILE))) return [];
  const file = readYaml(root, USERS_FILE);
  // A list of readers, or the same list under a `users:` key.
  const wrapped = typeof file.data === 'object' && file.data !== null && !Array.isArray(file.data);
  const users = wrapped ? parseWithFriendlyErrors(usersFileSchema, file.data, file).users : parseWithFriendlyErrors(usersSchema, file.data ?? [], file);
  const prefix = wrapped ? ['users'] : [];
  const seen = new Set<string>();
  users.forEach((user, index) => {
    const key = user.username.toLowerCase();
    if (seen.has(key)) {
      throw new DocsInputError({ file: file.file, line: file.lineOf([...prefix, index, 'username']), field: `${prefix.join('.')}[${index}].username`, problem: `"${user.username}" is listed twice.`, hint: 'give every reader a unique username (case does not count).' });
    }
    seen.add(key);
  });
  return users;
}

const USERS_FILE = 'config/users.yml';

function readYaml(root: string, file: string): YamlFile {
  const path = join(root, file);
  if (!existsSync(path)) {
    throw new DocsInputError({ file, problem: `not found in ${root}.`, hint: `create ${file} (the manual's Configuration reference gives its format), or run the command in the folder holding config/ and content/ (or name it with --root).` });
  }
  return parseYamlFile(file, readFileSync(path, 'utf8'));
}

function listFolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

/** A locale's translations of one version: content/<locale>/<version>/ (pages, and section titles in its optional nav.yml). */
function readTranslations(root: string, localeId: string, versionId: string): TranslationInput {
  const folder = `${localeId}/${versionId}`;
  if (!existsSync(join(root, 'content', folder))) return { pageFiles: new Map() };
  const navPath = `content/${folder}/nav.yml`;
  if (!existsSync(join(root, navPath))) return { pageFiles: listPageFiles(root, folder) };
  const navFile = readYaml(root, navPath);
  if (navFile.data !== null && (typeof navFile.data !== 'object' || Array.isArray(navFile.data))) {
    throw new DocsInputError({ file: navPath, line: 1, problem: 'must map section titles to their translation.', hint: `write one \`Section title: Translated title\` a line; pages take their titles from their own front matter.` });
  }
  return { pageFiles: listPageFiles(root, folder), sectionTitles: { titles: (navFile.data ?? {}) as Record<string, unknown>, source: navFile } };
}

/** Markdown and MDX files of one version by slug; files and folders starting with "." or "_" are skipped. */
function listPageFiles(root: string, folder: string): Map<string, PageSource> {
  const dir = join(root, 'content', folder);
  const pages = new Map<string, PageSource>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const match = /^(.*)\.(md|mdx)$/.exec(name);
    if (!match || name.split(sep).some((part) => part.startsWith('.') || part.startsWith('_'))) continue;
    const slug = match[1]!.split(sep).join('/');
    const file = relative(root, join(dir, name)).split(sep).join('/');
    const existing = pages.get(slug);
    if (existing) {
      throw new DocsInputError({ file, problem: `has the same slug as ${existing.file}.`, hint: 'keep either the .md or the .mdx file, not both.' });
    }
    pages.set(slug, { file, text: readFileSync(join(dir, name), 'utf8') });
  }
  return pages;
}

/** The first API gated by roles whose reference a `publicPaths` prefix covers (the prefix's index, the API and the path), in any version. */
function gatedApiOpenedByPublicPaths(config: SiteConfig, versionIds: readonly string[]): { prefixIndex: number; id: string; path: string } | undefined {
  for (const api of config.apis.filter((entry) => entry.roles.length > 0)) {
    for (const versionId of versionIds) {
      const path = `/${versionId}/reference/${api.id}/`;
      const prefixIndex = config.auth.publicPaths.findIndex((prefix) => coveredByPublicPaths(path, [prefix]));
      if (prefixIndex >= 0) return { prefixIndex, id: api.id, path };
    }
  }
  return undefined;
}
