import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../e2e/support/sites.ts';

// Docker is not available here: these check the recipe against the repository instead of
// building it (every COPY source is in the build context, the command's script exists, the
// health check works against a real server), plus the rules the README promises.

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(text: string): Instruction[] {
  const joined = text.replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

const dockerfile = instructions(readFileSync(join(PROJECT_ROOT, 'Dockerfile'), 'utf8'));
const stages = dockerfile.reduce<Instruction[][]>((all, instruction) => {
  if (instruction.keyword === 'FROM') all.push([]);
  all.at(-1)?.push(instruction);
  return all;
}, []);
const finalStage = stages.at(-1)!;
const ignorePatterns = readFileSync(join(PROJECT_ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

/** Whether .dockerignore keeps a path (relative to the context root) out of the build context. */
function ignored(path: string): boolean {
  const segments = path.split('/');
  return ignorePatterns.some((pattern) => {
    const regex = new RegExp(`^${pattern.replace(/^\//, '').replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/]*').replace(/\u0000/g, '.*')}$`);
    // A pattern that matches a folder excludes everything in it.
    return segments.some((_, index) => regex.test(segments.slice(0, index + 1).join('/')));
  });
}

describe('the Dockerfile', () => {
  it('every stage runs on Node 24', () => {
    for (const stage of stages) expect(stage[0]!.args).toMatch(/^node:24[-.\w]*(\s+AS\s+\w+)?$/i);
  });

  it('copies only paths that exist and are in the build context', () => {
    const copies = dockerfile.filter(({ keyword, args }) => keyword === 'COPY' && !args.startsWith('--from'));
    expect(copies.length).toBeGreaterThan(0);
    for (const { args } of copies) {
      const parts = args.split(/\s+/).filter((part) => !part.startsWith('--'));
      for (const source of parts.slice(0, -1)) {
        expect(existsSync(join(PROJECT_ROOT, source)), `COPY ${source}`).toBe(true);
        if (source !== '.') expect(ignored(source), `COPY ${source} is excluded by .dockerignore`).toBe(false);
      }
    }
  });

  it('the context holds what the build and the server read, and none of the host\'s builds or installs', () => {
    for (const path of ['package.json', 'package-lock.json', 'astro.config.mjs', 'src/integration/index.ts', 'src/server/front/server.ts', 'src/cli/caravan-docs.js', 'src/static/sandbox-worker.js', 'config/site.yml', 'content', 'public/favicon.svg']) {
      expect(existsSync(join(PROJECT_ROOT, path)), path).toBe(true);
      expect(ignored(path), `${path} is excluded by .dockerignore`).toBe(false);
    }
    for (const path of ['node_modules', 'node_modules/astro/package.json', 'dist/server/entry.mjs', 'tests/.output/dist', '.git']) expect(ignored(path), path).toBe(true);
  });

  it('runs the built server as a non-root user, with the script that exists', () => {
    const user = finalStage.filter(({ keyword }) => keyword === 'USER').at(-1);
    expect(user?.args).toBeDefined();
    expect(user!.args).not.toMatch(/^(root|0)(:|$)/);
    const cmd = JSON.parse(finalStage.find(({ keyword }) => keyword === 'CMD')!.args) as string[];
    expect(cmd[0]).toBe('node');
    expect(existsSync(join(PROJECT_ROOT, cmd[1]!))).toBe(true);
    // The command serves static and server builds alike: it is the front server.
    expect(cmd.slice(1)).toEqual(['src/cli/caravan-docs.js', 'serve']);
    expect(finalStage.find(({ keyword }) => keyword === 'ENV')?.args).toMatch(/HOST=0\.0\.0\.0/);
  });

  it('installs the run-time packages only, and the run-time stage copies no test or benchmark', () => {
    const installs = dockerfile.filter(({ keyword, args }) => keyword === 'RUN' && /\bnpm (ci|install)\b/.test(args));
    expect(installs.length).toBeGreaterThan(0);
    for (const { args } of installs) expect(args).toMatch(/--omit=dev\b/);
    const copied = finalStage.filter(({ keyword }) => keyword === 'COPY').map(({ args }) => args);
    for (const args of copied) expect(args, `COPY ${args}`).toMatch(/^--from=build \/app\/(package\.json|node_modules|src|config|content|dist) /);
  });

  it('bakes in no secret: no ENV or ARG names a secret variable', () => {
    for (const { keyword, args } of dockerfile) {
      if (keyword === 'ENV' || keyword === 'ARG') expect(args, `${keyword} ${args}`).not.toMatch(/SECRET/i);
    }
  });

  it('its health check asks /healthz and reports the answer', async () => {
    const healthcheck = finalStage.find(({ keyword }) => keyword === 'HEALTHCHECK')!.args;
    const command = JSON.parse(healthcheck.slice(healthcheck.indexOf('CMD') + 3).trim()) as string[];
    expect(command[0]).toBe('node');
    let status = 200;
    const paths: string[] = [];
    const server = createServer((req, res) => {
      paths.push(req.url ?? '');
      res.writeHead(status).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const run = () =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, command.slice(1), { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
        child.on('exit', resolve);
      });
    try {
      expect(await run()).toBe(0);
      status = 503;
      expect(await run()).toBe(1);
      expect(paths).toEqual(['/healthz', '/healthz']);
    } finally {
      server.close();
    }
  });
});
