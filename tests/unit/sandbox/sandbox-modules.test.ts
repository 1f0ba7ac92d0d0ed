import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { sandboxModulesPlugin } from '../../../src/integration/sandbox-modules.ts';

// The version module a console page loads: in a production browser build it must not grow by a
// file name per operation (on GitHub's 1,223 operations that list was 20 KB gzip of every page).
const PROJECT_ROOT = join(import.meta.dirname, '../../..');

function clientBuild() {
  const plugin = sandboxModulesPlugin({ docsRoot: PROJECT_ROOT, versions: ['1.2'], api: {}, url: 'https://docs.caravan.example', privateVersions: [], privateFiles: new Map() });
  (plugin.configResolved as (config: unknown) => void)({ command: 'build', build: { assetsDir: '_astro' } });
  const emitted: Array<{ fileName: string; source: string }> = [];
  const context = { environment: { name: 'client' }, emitFile: (file: { fileName: string; source: string }) => emitted.push(file), addWatchFile: () => undefined };
  const code = (plugin.load as (this: unknown, id: string) => string).call(context, '\0virtual:caravan-docs/sandbox/1.2');
  return { code, emitted };
}

describe('sandbox modules in a production browser build', () => {
  it('name every written operation part by one version-wide hash, so the route table lists no file per operation', () => {
    const { code, emitted } = clientBuild();
    expect(emitted.length).toBeGreaterThan(1);
    const names = emitted.map(({ fileName }) => fileName.replace(/^_astro\//, ''));
    const suffixes = new Set(names.map((name) => name.replace(/^sandbox-1\.2-\d+/, '')));
    expect(suffixes.size).toBe(1);
    expect(names.every((name) => /^sandbox-1\.2-\d+\.[\w-]{8}\.js$/.test(name))).toBe(true);
    for (const name of names) expect(code).not.toContain(name);
    expect(code).toContain(`"./sandbox-1.2-" + index + ${JSON.stringify([...suffixes][0])}`);
  });

  it('give each operation id a loader for its own part, in the route table order', () => {
    const { code, emitted } = clientBuild();
    // The numbers are the operations' places in `api.operations`, which the loader map follows.
    const numbers = emitted.map(({ fileName }) => Number(/^_astro\/sandbox-1\.2-(\d+)\./.exec(fileName)![1])).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_n, index) => index));
    expect(code).toContain('api.operations.map((operation, index) => [operation.id,');
  });
});
