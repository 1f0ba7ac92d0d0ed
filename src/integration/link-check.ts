import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import { isLoginOnly } from '../config/schemas/auth.ts';
import { checkLinks, outputTargets, type LinkProblem } from '../links/check.ts';
import { flattenPages } from '../model/tree.ts';
import type { SiteModel } from '../model/types.ts';
import { writerPath } from './input-errors.ts';
import { linksCache } from './links-cache.ts';
import { seconds } from './timed-step.ts';

/**
 * File-system side of the link check, run on the finished output: every page file's links (gated
 * pages included) against the files written and the pages rendered on demand; anchors against the
 * ids in the target's HTML. Prints each problem with its file, line and target; returns how many
 * broken links make the build fail (none when `links.broken` is `warn`). With `cacheDir`, each
 * page's links are parsed only when its text changed (src/integration/links-cache.ts); every link
 * is still checked against this output (`force`: every page parsed, the cache rewritten).
 */
export function checkBuiltLinks(outDir: string, model: SiteModel, docsRoot: string, logger: Pick<AstroIntegrationLogger, 'info' | 'warn' | 'error'>, cached: { cacheDir?: string | undefined; force?: boolean } = {}): number {
  const started = performance.now();
  const cache = linksCache(cached.cacheDir, cached.force);
  const { links: settings, base } = model.config;
  const versions = model.versions.map((site) => ({ id: site.version.id, label: site.version.label }));
  const pages = model.versions.flatMap((site) =>
    flattenPages(site.nav).map((page) => ({
      file: page.file,
      path: `/${site.version.id}/${page.slug}/`,
      version: site.version.id,
      links: cache.linksOf(readFileSync(join(docsRoot, page.file), 'utf8'), page.file.endsWith('.mdx')),
    })),
  );
  // Gated pages are not in a static output (nor, in a server build, in the client folder), yet links to them are fine.
  const onDemand = new Set(pages.flatMap((page) => [page.path, `${page.path.slice(0, -1)}.md`]));
  const loginOnly = isLoginOnly(model.config.auth);
  const extra = (path: string) =>
    onDemand.has(path) || onDemand.has(`${path}/`) || (model.config.auth.enabled && path === '/login') || (loginOnly && /^\/[^/]+\/reference(\/|\.md$)/.test(path));
  const files = listFiles(outDir);
  const ids = new Map<string, ReadonlySet<string>>();
  const idsOfFile = (file: string) => {
    if (!file.endsWith('.html')) return undefined;
    let found = ids.get(file);
    if (!found) ids.set(file, (found = htmlIds(readFileSync(join(outDir, file), 'utf8'))));
    return found;
  };
  cache.save();
  const problems = checkLinks(pages, outputTargets({ base, versions, files, idsOfFile, extra }));
  let failing = 0;
  for (const problem of problems) {
    if (problem.kind === 'cross-version' && settings.crossVersion === 'off') continue;
    const text = describe(problem, docsRoot);
    if (problem.kind === 'broken' && settings.broken === 'error') {
      failing++;
      logger.error(text);
    } else logger.warn(text);
  }
  const broken = problems.filter((problem) => problem.kind === 'broken').length;
  if (failing > 0) {
    logger.error(`${failing} broken link${failing === 1 ? '' : 's'}: the build fails. Correct each target (or set \`links.broken: warn\` in config/site.yml to publish anyway).`);
  } else {
    logger.info(`Links: ${pages.reduce((sum, page) => sum + page.links.length, 0)} checked in ${pages.length} pages${broken > 0 ? `, ${broken} broken (reported as warnings)` : ', none broken'} (${seconds(performance.now() - started)}).`);
  }
  return failing;
}

function describe(problem: LinkProblem, docsRoot: string): string {
  return `${writerPath(docsRoot, problem.file)}:${problem.line}:${problem.column}: \`${problem.target}\` ${problem.message}`;
}

function listFiles(dir: string): Set<string> {
  return new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')),
  );
}

const ID_ATTRIBUTE = /\sid=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g;

/** The ids an HTML page defines (its anchors). An attribute scan: ids are all a fragment can point at. */
function htmlIds(html: string): Set<string> {
  return new Set([...html.matchAll(ID_ATTRIBUTE)].map((match) => decodeEntities(match[1] ?? match[2] ?? match[3] ?? '')));
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? _);
}
