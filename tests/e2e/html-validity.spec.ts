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
  hiliteStart?: number;
  hiliteLength?: number;
}

// The default site, and the right-to-left Arabic site (dir and lang on every page, mirrored layout).
for (const site of ['default', 'arabic'] as const) {
  test(`the Nu HTML checker finds no errors on any page of the ${site} site`, async () => {
    test.setTimeout(180_000);
    const dist = outDir(site);
    const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(site === 'default' ? 100 : 5);
    expect(await nuErrors(dist)).toEqual([]);
  });
}

/**
 * The HTML standard allows `blocking="render"` on `<link rel="expect">` (added in 2024; Base.astro
 * uses it so the first frame holds the main content); this vnu-jar still allows it on stylesheets
 * only. Exactly that message, on exactly that element, is set aside; any other `blocking` misuse is
 * still reported.
 */
function isOutdatedExpectError(message: NuMessage): boolean {
  return /“link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”/.test(message.message) && highlighted(message) === '<link rel="expect" href="#content" blocking="render">';
}

/** The part of the message's extract Nu points at. */
function highlighted({ extract = '', hiliteStart = 0, hiliteLength = 0 }: NuMessage): string {
  return extract.slice(hiliteStart, hiliteStart + hiliteLength);
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
    .filter((message) => message.type !== 'info' && !isOutdatedExpectError(message))
    .map((message) => `${message.url ? relative(dist, new URL(message.url).pathname) : '?'}:${message.lastLine ?? '?'}: ${message.message}${message.extract ? ` [${message.extract.trim()}]` : ''}`);
}
