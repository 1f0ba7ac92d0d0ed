import { describe, expect, it } from 'vitest';
import { withLowPriorityScripts } from '../../../src/lib/script-priority.ts';

describe('withLowPriorityScripts', () => {
  it('lowers the priority of every module script Astro writes, and of nothing else', () => {
    const page = [
      '<head><script>document.documentElement.dataset.theme="dark"</script>',
      '<script type="module" src="/_astro/Base.astro_astro_type_script_index_0_lang.Co68AeYj.js"></script></head>',
      '<body><script type="application/json">{"a":1}</script>',
      '<pre><code>&lt;script type="module" src="x.js"&gt;</code></pre>',
      '<script type="module" src="/docs/_astro/TryIt.js"></script></body>',
    ].join('');
    const rewritten = withLowPriorityScripts(page);
    expect(rewritten.match(/<script type="module" fetchpriority="low" src="/g)).toHaveLength(2);
    expect(rewritten).not.toMatch(/<script type="module" src=/);
    // Inline scripts, data blocks and code shown on the page keep their bytes.
    expect(rewritten).toContain('<script>document.documentElement.dataset.theme="dark"</script>');
    expect(rewritten).toContain('<script type="application/json">{"a":1}</script>');
    expect(rewritten).toContain('&lt;script type="module" src="x.js"&gt;');
  });
});
