/**
 * The console's code samples, folded under "Code samples": the request Send would make, in the
 * ten languages of the reference pages (curl written at once, the others once the samples are
 * first opened: their generator loads then), calling the API's host or the local sandbox.
 */
import { uiText } from '../client/ui-text.ts';
import { h, labelled } from './dom.ts';
import { LOCAL_SANDBOX_ORIGIN, toLocalSandbox, type BuiltRequest } from './request.ts';
import { curlSample } from './sample-curl.ts';
import { SAMPLE_LANGUAGES, SAMPLE_TABS_SYNC, type SampleLanguage } from './sample-languages.ts';
import type { ConsoleSpec } from './spec.ts';
import { saveSampleTarget, savedSampleTarget } from './storage.ts';

/** Announced on the document when the reader points the samples elsewhere: every console follows. */
const SAMPLE_TARGET_EVENT = 'caravan-docs:console-sample-target';

/** The samples in every language but curl (src/console/samples.ts), once loaded. */
let writeSample: ((language: SampleLanguage, request: BuiltRequest) => string) | undefined;
async function loadSampleWriter(): Promise<void> {
  writeSample ??= (await import('./samples.ts')).sample;
}

/** The sample language the reader chose in code-sample tabs (src/client/tabs.ts stores it). */
function rememberedSampleLabel(): string | null {
  try {
    return localStorage.getItem(`caravan-docs:tabs:${SAMPLE_TABS_SYNC}`);
  } catch {
    return null;
  }
}

export class SamplesPanel {
  readonly element: HTMLDetailsElement;
  readonly codes = new Map<string, HTMLElement>();
  readonly target: HTMLSelectElement;
  readonly baseUrl: string;

  /** `refresh` asks the console for its request again (the samples' target changed, or the languages loaded). */
  constructor(id: string, spec: Pick<ConsoleSpec, 'baseUrl' | 'api' | 'version'>, refresh: () => void) {
    this.baseUrl = spec.baseUrl;
    // Folded: the request is the form above; the samples are one click away (reference pages show them beside the text too).
    const samples = h('details', { class: 'try-it-samples' }, h('summary', { class: 'try-it-heading' }, uiText('console.codeSamples')));
    // The samples may call the local sandbox instead of the API's host; Send always uses the in-browser sandbox.
    let apiHost = spec.baseUrl;
    try {
      apiHost = new URL(spec.baseUrl).host;
    } catch {
      // Not absolute: shown as written.
    }
    const target = h('select', { id: `${id}-sample-target`, 'aria-describedby': `${id}-sample-target-hint` });
    target.append(h('option', { value: 'api' }, `the API (${apiHost})`), h('option', { value: 'local' }, `the local sandbox (${LOCAL_SANDBOX_ORIGIN})`));
    target.value = savedSampleTarget();
    target.addEventListener('change', () => {
      saveSampleTarget(target.value === 'local' ? 'local' : 'api');
      document.dispatchEvent(new CustomEvent(SAMPLE_TARGET_EVENT));
      refresh();
    });
    document.addEventListener(SAMPLE_TARGET_EVENT, () => {
      if (document.activeElement === target) return;
      target.value = savedSampleTarget();
      refresh();
    });
    this.target = target;
    samples.append(
      labelled(uiText('console.samplesCall'), target),
      // One of several APIs: its `--api` rides in the version placeholder, so every locale's sentence names it.
      h('p', { class: 'try-it-hint', id: `${id}-sample-target-hint` }, uiText('console.localSandboxHint', { version: spec.api ? `${spec.version} --api ${spec.api}` : spec.version })),
    );
    // The language the reader last chose in a reference page's sample tabs starts open.
    const chosen = rememberedSampleLabel();
    const opened = SAMPLE_LANGUAGES.some(({ label }) => label === chosen) ? chosen : 'curl';
    for (const language of SAMPLE_LANGUAGES) {
      const code = h('code', { 'data-sample': language.id });
      this.codes.set(language.id, code);
      samples.append(h('details', language.label === opened ? { open: '' } : {}, h('summary', {}, language.label), h('pre', { tabindex: '0', role: 'group', 'aria-label': `${language.label} sample` }, code)));
    }
    // curl is written at once; the other languages' generator loads when the samples are first opened.
    samples.addEventListener('toggle', () => {
      if (samples.open) void loadSampleWriter().then(refresh);
    });
    this.element = samples;
  }

  /** Writes the samples of `request` (sent to the local sandbox instead when the reader chose it). */
  show(request: BuiltRequest): void {
    const shown = this.target.value === 'local' ? toLocalSandbox(request, this.baseUrl) : request;
    for (const [language, code] of this.codes) {
      if (language === 'curl') code.textContent = curlSample(shown);
      else if (writeSample) code.textContent = writeSample(language as SampleLanguage, shown);
    }
  }
}
