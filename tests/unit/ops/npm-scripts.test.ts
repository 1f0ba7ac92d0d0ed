import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../e2e/support/sites.ts';

// npm sends SIGTERM to the shell that runs a script; without `exec` the shell dies and leaves
// the server (and `astro preview`) running on the port. tests/e2e/front.spec.ts stops a real
// `npm run serve` this way; this keeps `npm start` on the same footing.
describe('npm start and npm run serve', () => {
  const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

  it('replace the shell with the start script, so a signal to npm reaches it', () => {
    expect(scripts.serve).toBe('exec node src/cli/caravan-docs.js serve');
    expect(scripts.start).toMatch(/&& exec node src\/cli\/caravan-docs\.js serve$/);
  });
});
