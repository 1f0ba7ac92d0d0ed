import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const PROJECT_ROOT = join(import.meta.dirname, '../../..');

// Redocly's recommended rules over every version's description (redocly.yaml lists them).
it('every OpenAPI description passes `redocly lint` with no error and no warning', () => {
  const run = spawnSync(process.execPath, [join(PROJECT_ROOT, 'node_modules/@redocly/cli/bin/cli.js'), 'lint'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const output = `${run.stdout}\n${run.stderr}`;
  expect(run.status, output).toBe(0);
  expect(output).toContain('Your API descriptions are valid');
  expect(output).not.toMatch(/warning/i);
});
