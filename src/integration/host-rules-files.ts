import { readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { SiteConfig } from '../config/schemas/site.ts';
import { hostRules, hostTarget, markdownPages } from '../discovery/host-rules.ts';

/**
 * File-system side of the static hosts' rules files: lists the built pages that have a Markdown
 * source and writes `_headers` or `vercel.json` beside them. Returns what to log.
 */
export function writeHostRules(outDir: string, config: SiteConfig, env: Readonly<Record<string, string | undefined>>): { written: string[]; warnings: string[] } {
  const target = hostTarget(config.hosting, env);
  if (!target) return { written: [], warnings: [] };
  const paths = readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(outDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  const { files, warnings } = hostRules(config, target, markdownPages(paths));
  for (const [path, text] of files) writeFileSync(join(outDir, path), text);
  return { written: [...files.keys()], warnings };
}
