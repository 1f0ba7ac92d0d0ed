import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// `npm run sandbox -- --version V --api <id>`: one API of a version with several (tests/fixtures/several-apis).
const env = { ...process.env, DOCS_ROOT: 'tests/fixtures/several-apis' };

describe('npm run sandbox for one API of several', () => {
  it('serves the API --api names, at its own servers', async () => {
    const child = spawn(process.execPath, ['src/cli/caravan-docs.js', 'sandbox', '--port', '0', '--version', 'v1', '--api', 'admin'], { stdio: ['ignore', 'pipe', 'pipe'], env });
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = '';
        const timer = setTimeout(() => reject(new Error(`no banner within 20 s: ${text}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (/reset the data/.test(text)) {
            clearTimeout(timer);
            resolve(text);
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${text}`)));
      });
      expect(output).toContain('Sandbox for Notes Admin (v1, API admin)');
      expect(output).toContain('/v1  stands for  https://admin.notes.example/v1');
      expect(output).toContain('credentials (adminKey): admin-secret');
      const origin = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
      expect(await (await fetch(`${origin}/v1/status`)).json()).toEqual({ status: 'admin-ok' });
      expect((await fetch(`${origin}/v1/users`, { headers: { 'X-Admin-Key': 'admin-secret' } })).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('names the APIs when --api is wrong, the event APIs too, and says when a version has one', () => {
    const wrong = spawnSync(process.execPath, ['src/cli/caravan-docs.js', 'sandbox', '--version', 'v1', '--api', 'billing'], { encoding: 'utf8', env });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('--api must be one of public, admin (the folders of content/v1/apis/), not "billing".');
    const single = spawnSync(process.execPath, ['src/cli/caravan-docs.js', 'sandbox', '--version', '1.2', '--api', 'admin'], { encoding: 'utf8' });
    expect(single.status).toBe(2);
    // The default site's 1.2 also has an event API, which --api may name.
    expect(single.stderr).toContain('version 1.2 has one OpenAPI description, which needs no --api, and no API "admin". Event APIs: tracking (--api <id>).');
  });
});
