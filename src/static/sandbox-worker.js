/*
 * The sandbox's service worker: MSW's worker (mockServiceWorker.js, kept as `msw init` writes it)
 * plus one message. A page opened while the worker was activating, or reloaded bypassing it
 * (Shift+Reload), is not controlled, and MSW would reload it under the reader; such a page asks
 * the active worker to claim it instead.
 */
importScripts('./mockServiceWorker.js');

addEventListener('message', (event) => {
  if (event.data?.type === 'caravan-docs:claim') event.waitUntil(self.clients.claim().catch(() => undefined));
});
