import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { promisify } from 'node:util';
import { outDir } from './support/sites.ts';

// The Nu HTML checker (vnu-jar, the W3C validator's engine) over every page of the built default
// site, in one JVM. It needs Java 11+ (`java` on the PATH).
const VNU = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

// The default site, the right-to-left Arabic site (dir and lang on every page, mirrored layout),
// issue 37's held-out site (topic tabs, the feedback control, edit links and dates, a diagram, analytics),
// and the manual (docs/: long pages of prose, tables and code, the generated configuration reference).
for (const site of ['default', 'arabic', 'features', 'manual'] as const) {
  test(`the Nu HTML checker finds no errors on any page of the ${site} site`, async () => {
    test.setTimeout(180_000);
    const dist = outDir(site);
    const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(site === 'default' ? 100 : site === 'manual' ? 50 : 5);
    expect(await nuErrors(dist)).toEqual([]);
  });
}

/** Nu's errors over every HTML file under `dist`, one line each (file, line, message, extract). */
async function nuErrors(dist: string): Promise<string[]> {
  // vnu exits 1 when it reports errors; its JSON report goes to stderr either way.
  const { stderr } = await promisify(execFile)('java', ['-jar', VNU, '--format', 'json', '--errors-only', '--skip-non-html', dist], { maxBuffer: 64 * 1024 * 1024 }).catch((error: { stderr?: string; code?: number }) => {
    if (error.code !== 1 || !error.stderr) throw error;
    return { stderr: error.stderr };
  });
  const { messages } = JSON.parse(stderr) as { messages: NuMessage[] };
  return messages
    .filter((message) => message.type !== 'info')
    .map((message) => `${message.url ? relative(dist, new URL(message.url).pathname) : '?'}:${message.lastLine ?? '?'}: ${message.message}${message.extract ? ` [${message.extract.trim()}]` : ''}`);
}
