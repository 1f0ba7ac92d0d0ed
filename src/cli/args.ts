import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { CommandError } from './command-error.ts';

/** A command's options, strictly: an unknown option or a missing value is a CommandError, not a stack trace. */
export function commandArgs<T extends ParseArgsOptionsConfig>(args: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (error) {
    // Node's text, one sentence (its hint about `--` concerns positional arguments, which most commands do not take).
    const message = error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, '') : String(error);
    throw new CommandError(message.endsWith('.') ? message : `${message}.`);
  }
}

/**
 * The site a command works on: `--root`, else `DOCS_ROOT` (how this repository points its scripts
 * at test sites), else the current folder. It must hold config/site.yml.
 */
export function siteFolder(root: string | undefined, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const folder = resolve(root ?? (env.DOCS_ROOT || process.cwd()));
  if (!existsSync(join(folder, 'config', 'site.yml'))) {
    throw new CommandError(`${folder} is not a documentation site: it has no config/site.yml. Run the command in your site's folder, name it with --root <folder>, or start one with \`caravan-docs new <folder>\`.`, 1);
  }
  return folder;
}
