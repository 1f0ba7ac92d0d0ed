// Code samples on operation pages (markup from src/components/reference/CodeSamples.astro): the
// languages other than curl are written here, from the page's request, when their tab is first
// shown. The generator (src/console/samples.ts) loads only then.
import type { BuiltRequest } from '../console/request.ts';
import type { SampleLanguage } from '../console/sample-languages.ts';

for (const group of document.querySelectorAll<HTMLElement>('.code-samples')) {
  const request = JSON.parse(group.querySelector('script[data-sample-request]')?.textContent ?? '{}') as BuiltRequest;
  // The tabs script marks the group ready once it has hidden all panels but the chosen one.
  const shown = () => [...group.querySelectorAll<HTMLElement>('.tab-panel[data-sample]')].filter((panel) => group.classList.contains('tabs-ready') && !panel.hidden && !panel.dataset.written);
  const write = async () => {
    const panels = shown();
    if (panels.length === 0) return;
    const { sample } = await import('../console/samples.ts');
    for (const panel of panels) {
      panel.querySelector('code')!.textContent = sample(panel.dataset.sample as SampleLanguage, request);
      panel.dataset.written = 'true';
    }
  };
  new MutationObserver(() => void write()).observe(group, { attributes: true, subtree: true, attributeFilter: ['hidden', 'class'] });
  void write();
}
