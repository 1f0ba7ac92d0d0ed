import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isPasswordHash, verifyPassword } from '../../../src/auth/password.ts';

// process.execPath is the Node 24 that runs Vitest (as in tests/unit/sandbox/local-server.test.ts).
function hashPasswordCli(input: string, args: string[] = []) {
  return spawnSync(process.execPath, ['src/cli/caravan-docs.js', 'hash-password', ...args], { input, encoding: 'utf8' });
}

describe('npm run hash-password', () => {
  it('hashes the password from stdin; the hash verifies', async () => {
    const run = hashPasswordCli('correct horse');
    expect(run.status).toBe(0);
    const hash = run.stdout.trim();
    expect(run.stdout).toBe(`${hash}\n`);
    expect(isPasswordHash(hash)).toBe(true);
    await expect(verifyPassword('correct horse', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct hors', hash)).resolves.toBe(false);
    expect(run.stderr).toBe('Put it in config/users.yml as passwordHash.\n');
  });

  it('ignores one trailing newline, as echo adds, and keeps everything else', async () => {
    const echoed = hashPasswordCli('correct horse\n');
    expect(echoed.status).toBe(0);
    await expect(verifyPassword('correct horse', echoed.stdout.trim())).resolves.toBe(true);

    const spaced = hashPasswordCli(' two words \n\n');
    expect(spaced.status).toBe(0);
    await expect(verifyPassword(' two words \n', spaced.stdout.trim())).resolves.toBe(true);
  });

  it('hashes non-ASCII passwords as UTF-8', async () => {
    const run = hashPasswordCli('pässwörd ✓');
    expect(run.status).toBe(0);
    await expect(verifyPassword('pässwörd ✓', run.stdout.trim())).resolves.toBe(true);
  });

  it('refuses an empty password with exit code 1 and no stack trace', () => {
    for (const input of ['', '\n']) {
      const run = hashPasswordCli(input);
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe('caravan-docs hash-password: the password is empty; nothing was hashed.\n');
      expect(run.stderr).not.toMatch(/\bat \S+ \(|Error:/);
    }
  });

  it('prints usage for --help and hashes nothing', () => {
    const run = hashPasswordCli('secret', ['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: printf \'secret\' | caravan-docs hash-password');
    expect(run.stdout).not.toContain('scrypt$');
  });

  it('refuses an unknown option with usage and exit code 2', () => {
    const run = hashPasswordCli('secret', ['--rounds=3']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain("Unknown option '--rounds'");
    expect(run.stderr).toContain('Usage:');
    expect(run.stderr).not.toMatch(/\bat \S+ \(/);
  });
});
