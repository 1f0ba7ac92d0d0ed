import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageName, sitePackageJson } from '../../../src/cli/new.ts';
import { PROJECT_ROOT } from '../../e2e/support/sites.ts';

// The bin as npm links it, run by the Node 24 that runs Vitest (process.execPath).
const BIN = join(PROJECT_ROOT, 'src/cli/caravan-docs.js');
const VERSION = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const scratch = mkdtempSync(join(tmpdir(), 'caravan-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function cli(args: string[], cwd = scratch, env: Record<string, string> = {}) {
  const { DOCS_ROOT: _ignored, ...inherited } = process.env;
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...inherited, ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const NO_STACK = /^\s+at .*\(|Error:/m;

describe('caravan-docs', () => {
  it('--help lists every command; --version prints the package version', () => {
    const help = cli(['--help']);
    expect(help.status).toBe(0);
    for (const command of ['new', 'dev', 'build', 'serve', 'check', 'sandbox', 'mcp', 'hash-password']) expect(help.stdout).toMatch(new RegExp(`^  ${command} +\\S`, 'm'));
    expect(cli([]).stdout).toBe(help.stdout);
    expect(cli(['--version'])).toMatchObject({ status: 0, stdout: `${VERSION}\n` });
    expect(cli(['build', '--help']).stdout).toContain('Usage: caravan-docs build [--root <folder>] [--outDir <folder>] [--force]');
  });

  it('an unknown command or option exits 2 with the usage, without a stack trace', () => {
    const unknown = cli(['biuld']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('caravan-docs: unknown command "biuld".');
    const option = cli(['build', '--outdir', 'x']);
    expect(option.status).toBe(2);
    expect(option.stderr).toBe("caravan-docs build: Unknown option '--outdir'.\nUsage: caravan-docs build [--root <folder>] [--outDir <folder>] [--force]\n");
    expect(cli(['dev', '--port', 'eighty']).stderr).toContain('--port must be an integer from 0 to 65535, not "eighty".');
  });

  it('a command outside a site says so and how to fix it', () => {
    const empty = join(scratch, 'not-a-site');
    mkdirSync(empty, { recursive: true });
    for (const command of ['build', 'check', 'sandbox', 'serve']) {
      const run = cli([command], empty);
      expect(run.status, command).toBe(1);
      expect(run.stderr).toContain(`caravan-docs ${command}: ${empty} is not a documentation site: it has no config/site.yml.`);
      expect(run.stderr).not.toMatch(NO_STACK);
    }
  });
});

describe('caravan-docs build', () => {
  it('refuses, with the fix, to build a site whose folder does not hold the engine (a linked install)', () => {
    // From this repository, --root names a site outside it: the engine is then outside the Astro project.
    const run = cli(['build', '--root', join(PROJECT_ROOT, 'tests/fixtures/basic')], PROJECT_ROOT);
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain(`caravan-docs is installed outside this site's folder: its code is at ${join(PROJECT_ROOT, 'src')}/, outside ${join(PROJECT_ROOT, 'tests/fixtures/basic')}/`);
    expect(run.stdout + run.stderr).toContain('Fix: install the package into the site');
  });
});

describe('caravan-docs new', () => {
  it('scaffolds a site that loads, names it after the folder, and fills in the title', () => {
    const target = join(scratch, 'Acme Docs');
    const run = cli(['new', target]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Created Acme Docs in ${target}.`);
    const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')) as { name: string; dependencies: Record<string, string>; scripts: Record<string, string> };
    expect(manifest.name).toBe('acme-docs');
    expect(manifest.dependencies).toEqual({ 'caravan-docs': `^${VERSION}` });
    expect(manifest.scripts).toMatchObject({ dev: 'caravan-docs dev', build: 'caravan-docs build' });
    expect(existsSync(join(target, '.gitignore'))).toBe(true);
    expect(existsSync(join(target, 'gitignore'))).toBe(false);
    expect(readFileSync(join(target, 'config/site.yml'), 'utf8')).toMatch(/^title: Acme Docs\b/m);
    expect(readFileSync(join(target, 'README.md'), 'utf8')).not.toContain('{{');
    const check = cli(['check'], target);
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).toMatch(/^Input: 1 version, \d+ pages; no mistakes\.$/m);
  });

  it('refuses a folder that holds anything, and a missing folder name', () => {
    const full = join(scratch, 'full');
    mkdirSync(full, { recursive: true });
    writeFileSync(join(full, 'notes.txt'), 'mine');
    const run = cli(['new', full]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${full} is not empty (it holds notes.txt); a new site starts in an empty or new folder, so nothing of yours is overwritten.`);
    expect(readFileSync(join(full, 'notes.txt'), 'utf8')).toBe('mine');
    expect(cli(['new']).status).toBe(2);
  });

  it('package names are what npm accepts', () => {
    expect(packageName('My Docs!')).toBe('my-docs');
    expect(packageName('.hidden')).toBe('hidden');
    expect(packageName('___')).toBe('my-docs');
    expect(JSON.parse(sitePackageJson('x', '1.2.3')).dependencies).toEqual({ 'caravan-docs': '^1.2.3' });
  });
});

describe('caravan-docs check', () => {
  it('reports the input of a site and its warnings', () => {
    const run = cli(['check', '--root', join(PROJECT_ROOT, 'tests/fixtures/basic')]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Input: 2 versions, \d+ pages; no mistakes/m);
  });

  it('a mistake is printed with its file, line and fix, exit code 1 and no stack trace', () => {
    const root = join(scratch, 'broken');
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), root, { recursive: true });
    writeFileSync(join(root, 'content/1.0/nav.yml'), '- slug: overview\n- slug: guides/missing\n');
    const run = cli(['check'], root);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('content/1.0/nav.yml:2:9: `slug` "guides/missing" has no page file.');
    expect(run.stderr).toContain('Fix: create content/1.0/guides/missing.md (or .mdx), or correct the slug.');
    expect(run.stderr).not.toMatch(NO_STACK);
  });

  it('reads AsyncAPI descriptions as a build does: one the parser refuses is a mistake, a gated one a warning', () => {
    const root = join(scratch, 'events');
    cpSync(join(PROJECT_ROOT, 'tests/fixtures/basic'), root, { recursive: true });
    mkdirSync(join(root, 'content/1.0/apis/feed'), { recursive: true });
    writeFileSync(join(root, 'content/1.0/apis/feed/asyncapi.yaml'), 'asyncapi: 3.0.0\ninfo:\n  title: Feed\n  version: 1.0.0\nchannels:\n  ticks:\n    address: 42\n');
    const broken = cli(['check'], root);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('content/1.0/apis/feed/asyncapi.yaml:7');
    expect(broken.stderr).not.toMatch(NO_STACK);
    writeFileSync(join(root, 'content/1.0/apis/feed/asyncapi.yaml'), 'asyncapi: 3.0.0\ninfo:\n  title: Feed\n  version: 1.0.0\nchannels:\n  ticks:\n    address: /ticks\n');
    writeFileSync(join(root, 'config/site.yml'), `${readFileSync(join(root, 'config/site.yml'), 'utf8')}\napis:\n  - { id: feed, roles: [staff] }\n`);
    const gated = cli(['check'], root);
    expect(gated.status, gated.stderr).toBe(0);
    // Sign-in is off: left out, as an OpenAPI API gated by roles is (with sign-in on, the server renders it for its readers).
    expect(gated.stderr).toContain('warning: content/1.0/apis/feed/asyncapi.yaml is left out of the build: it is gated by roles in site.yml (apis:) and sign-in is off');
  });

  it('--built without a build says to build first', () => {
    const run = cli(['check', '--built', '--outDir', join(scratch, 'no-build'), '--root', join(PROJECT_ROOT, 'tests/fixtures/basic')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('holds no build of this site. Run `caravan-docs build` first, or name the output with --outDir.');
  });
});
