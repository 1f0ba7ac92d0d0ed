/**
 * The only console code a page loads up front (a few hundred bytes): it imports the console
 * and the sandbox once the page is interactive and idle, or at once when the reader reaches
 * for a console or opens a permalink.
 */
let started = false;

function start(): void {
  if (started) return;
  started = true;
  void import('./console.ts').then((module) => module.mountAll());
}

function whenIdle(): void {
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}

if (location.hash.startsWith('#try=')) start();
for (const event of ['pointerdown', 'keydown', 'focusin'] as const) {
  document.addEventListener(event, (e) => {
    if ((e.target as Element | null)?.closest?.('[data-try-it]')) start();
  }, { once: false, passive: true });
}
if (document.readyState === 'complete') whenIdle();
else addEventListener('load', whenIdle, { once: true });
