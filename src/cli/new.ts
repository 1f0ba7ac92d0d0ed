/**
 * `caravan-docs new <folder>`: a working site to start from, copied from ./template/: a commented
 * site.yml, one version with its nav.yml, an overview, a quickstart in MDX, a small OpenAPI
 * description with a console the sandbox answers, a .gitignore and a README. It never writes
 * into a folder that holds anything.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandArgs } from './args.ts';
import { CommandError } from './command-error.ts';

const TEMPLATE = fileURLToPath(new URL('./template/', import.meta.url));
/** Text files whose placeholders are filled in. */
const FILLED = /\.(?:ya?ml|md|mdx|json)$/;

/** An npm package name made from a folder name (lower case; other characters become hyphens). Pure. */
export function packageName(folder: string): string {
  const name = folder.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+|[-]+$/g, '');
  return name || 'my-docs';
}

/** The site's package.json: the engine as its one dependency, and the commands as npm scripts. Pure. */
export function sitePackageJson(name: string, engineVersion: string): string {
  const manifest = {
    name,
    private: true,
    type: 'module',
    scripts: {
      dev: 'caravan-docs dev',
      build: 'caravan-docs build',
      start: 'caravan-docs serve',
      check: 'caravan-docs check',
      sandbox: 'caravan-docs sandbox',
    },
    dependencies: { 'caravan-docs': `^${engineVersion}` },
    // Node 24 for this site's npm scripts on a machine whose Node is older (remove it if yours is 24 or newer).
    devDependencies: { node: '^24' },
    allowScripts: { node: true, esbuild: true },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function engineVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

export async function newSite(args: string[]): Promise<void> {
  const { values, positionals } = commandArgs(args, { title: { type: 'string' } }, true);
  if (positionals.length !== 1) throw new CommandError(positionals.length === 0 ? 'name the folder to create, for example `caravan-docs new my-docs`.' : `one folder at a time, not ${positionals.length}.`);
  const target = resolve(positionals[0]!);
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw new CommandError(`${target} is a file; name a new folder.`, 1);
    const entries = readdirSync(target);
    if (entries.length > 0) throw new CommandError(`${target} is not empty (it holds ${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}); a new site starts in an empty or new folder, so nothing of yours is overwritten.`, 1);
  }
  const folderName = basename(target);
  const title = values.title ?? titleFrom(folderName);
  const name = packageName(folderName);
  mkdirSync(target, { recursive: true });
  cpSync(TEMPLATE, target, { recursive: true });
  // npm leaves files named .gitignore out of a package, so the template holds it without the dot.
  renameSync(join(target, 'gitignore'), join(target, '.gitignore'));
  for (const file of readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (!file.isFile() || !FILLED.test(file.name)) continue;
    const path = join(file.parentPath, file.name);
    const text = readFileSync(path, 'utf8');
    const filled = text.replaceAll('{{title}}', title).replaceAll('{{name}}', name);
    if (filled !== text) writeFileSync(path, filled);
  }
  writeFileSync(join(target, 'package.json'), sitePackageJson(name, engineVersion()));
  const where = relative(process.cwd(), target) || '.';
  console.log(`Created ${title} in ${target}.

Next:
  cd ${where}
  npm install
  npm run dev        # write with live reload on http://localhost:4321/
  npm run build      # the site in dist/, with the link check and the leak guard

Pages are in content/1.0/, settings in config/site.yml; the README says the rest.`);
}

/** "my-docs" -> "My Docs". Pure. */
function titleFrom(folder: string): string {
  const words = folder.split(/[-_\s.]+/).filter(Boolean);
  return words.length === 0 ? 'My Docs' : words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' ');
}
