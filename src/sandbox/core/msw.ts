/**
 * The sandbox as MSW request handlers: one handler for every URL under the description's
 * servers, answered by the shared pipeline. The same list serves the browser (`setupWorker`)
 * and Node tests (`setupServer`).
 */
import { http, type HttpHandler } from 'msw';
import type { Sandbox } from './pipeline.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches every URL under one of the bases: the base itself, `base/…` and `base?…`. */
function basesPattern(bases: readonly string[]): RegExp {
  return new RegExp(`^(?:${bases.map((base) => escapeRegExp(base.replace(/\/+$/, ''))).join('|')})(?:[/?#]|$)`);
}

export function sandboxHandlers(sandbox: Sandbox): HttpHandler[] {
  if (sandbox.bases.length === 0) return [];
  return [http.all(basesPattern(sandbox.bases), async ({ request }) => (await sandbox.answer(request)) ?? undefined)];
}
