/**
 * Starts a console's script when the reader reaches for one (a pointer, a key or the focus inside
 * `selector`), when `now` says so (a permalink), or once the page is loaded and idle; at most once.
 */
export function loadWhenWanted(selector: string, load: () => void, now = false): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    load();
  };
  if (now) start();
  for (const event of ['pointerdown', 'keydown', 'focusin'] as const) {
    document.addEventListener(event, (e) => {
      if ((e.target as Element | null)?.closest?.(selector)) start();
    }, { passive: true });
  }
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
