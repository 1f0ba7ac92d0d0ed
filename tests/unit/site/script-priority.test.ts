import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withLowPriorityScriptTag } from '../../../src/integration/script-priority.ts';

/** Astro's own script renderer, as installed. */
const astroScriptRenderer = join(dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'dist/runtime/server/render/script.js');

describe('withLowPriorityScriptTag', () => {
  it("adds fetchpriority=low to the <script src> template of the installed Astro's script renderer", () => {
    const code = readFileSync(astroScriptRenderer, 'utf8');
    const patched = withLowPriorityScriptTag(code, astroScriptRenderer);
    expect(patched).toContain('<script type="module" fetchpriority="low" src="${');
    expect(patched).not.toContain('<script type="module" src="${');
    // Only the tag changed.
    expect(patched.replaceAll(' fetchpriority="low"', '')).toBe(code);
  });

  it('stops the build, naming the module, when the template is not there', () => {
    expect(() => withLowPriorityScriptTag('export function renderScript() {}', '/x/script.js')).toThrow(/template was not found in \/x\/script\.js/);
  });
});
