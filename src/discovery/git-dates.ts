import { spawnSync } from 'node:child_process';

/**
 * Last commit date of every file under `root` with git history, keyed by path relative to
 * `root` (like `content/1.2/overview.md`), as ISO 8601 UTC without milliseconds.
 * One `git log` for the whole tree; empty when `root` is not in a git repository or git is
 * missing. Files with no history are simply absent (the sitemap then omits `<lastmod>`).
 */
export function gitLastModified(root: string, folder = 'content'): Map<string, string> {
  const run = spawnSync('git', ['-c', 'core.quotepath=off', 'log', '--format=%x1e%cI', '--name-only', '--relative', '--no-renames', '--', folder], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  if (run.status !== 0 || typeof run.stdout !== 'string') return new Map();
  return parseGitLog(run.stdout);
}

/** Parses `git log --format=%x1e%cI --name-only`: newest commits first, so a file's first date wins. */
export function parseGitLog(output: string): Map<string, string> {
  const dates = new Map<string, string>();
  for (const commit of output.split('\x1e')) {
    const [dateLine, ...files] = commit.split('\n');
    const time = Date.parse(dateLine?.trim() ?? '');
    if (Number.isNaN(time)) continue;
    const iso = new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
    for (const file of files) {
      const path = file.trim();
      if (path && !dates.has(path)) dates.set(path, iso);
    }
  }
  return dates;
}
