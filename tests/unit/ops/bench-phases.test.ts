import { describe, expect, it } from 'vitest';
import { placeOf, summarizeProfile } from '../../../bench/cpu-profile.ts';
import { phaseEndedBy } from '../../../bench/timed-build.ts';

// An `astro build` log as the site bench reads it (timestamps as Astro prints them to a pipe).
const LOG = `20:02:14 [content] Syncing content
20:02:14 [content] Synced content
20:02:14 [build] Collecting build info...
20:02:14 [build] ✓ Completed in 2.08s.
20:02:14 [build] Building static entrypoints...
20:02:31 [vite] ✓ built in 17.22s
 generating static routes 
20:02:43 ✓ Completed in 10.59s.
20:02:43 [build] ✓ Completed in 29.07s.
20:02:46 [caravan-docs] Search index: 1000 pages (1.9 s).
20:02:47 [caravan-docs] Discovery leak guard: every discovery URL resolves; no gated page is named in the output (0.8 s).
20:02:48 [caravan-docs] Links: 3790 checked in 1000 pages, none broken (0.6 s).
20:02:48 [build] Complete!`;

describe('build phases read off the log', () => {
  it('each marker ends its phase once, in order; Astro\'s other "Completed" lines end nothing', () => {
    const seen = new Set<string>();
    const ended: string[] = [];
    for (const line of LOG.split('\n')) {
      const phase = phaseEndedBy(line, seen);
      if (phase) {
        seen.add(phase);
        ended.push(phase);
      }
    }
    expect(ended).toEqual([
      'startup (config, site model, Vite)',
      'content sync (Markdown rendered)',
      'types, build info',
      'Vite: static entrypoints',
      'rendering pages (static routes)',
      "Pagefind (after Astro's last writes)",
      'leak guard, host rules',
      'link check',
      'end of build',
    ]);
  });
});

describe('CPU profile summary', () => {
  it('adds self time per function and per package, idle left out, largest first', () => {
    const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0 });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', '') },
        { id: 2, callFrame: frame('render', 'file:///p/node_modules/astro/dist/render.js') },
        { id: 3, callFrame: frame('tokenize', 'file:///p/node_modules/@shikijs/core/dist/index.mjs') },
        { id: 4, callFrame: frame('(idle)', '') },
      ],
      startTime: 0,
      endTime: 10_000,
      samples: [2, 3, 3, 4, 2, 3],
      timeDeltas: [1000, 1000, 1000, 5000, 1000, 1000],
    };
    const summary = summarizeProfile(profile);
    expect(summary.totalMs).toBe(5);
    expect(summary.places.map((spot) => [spot.name, spot.selfMs])).toEqual([
      ['@shikijs/core', 3],
      ['astro', 2],
    ]);
    expect(summary.functions[0]).toMatchObject({ name: 'tokenize dist/index.mjs:1', selfMs: 3, share: 0.6 });
  });

  it('names a place by package, by project folder, or as the runtime', () => {
    expect(placeOf('file:///w/node_modules/.pnpm/x/node_modules/satteri/dist/a.js', 'f')).toBe('satteri');
    expect(placeOf('file:///w/project/src/layouts/Base.astro', 'f')).toBe('src/layouts');
    expect(placeOf('node:fs', 'rmSync')).toBe('node');
    expect(placeOf('', 'writeUtf8String')).toBe('(native)');
    expect(placeOf('', '(garbage collector)')).toBe('(garbage collector)');
  });
});
