/** One sandbox per page, shared by every console on it (started on first use). */
import { startSandbox, type RunningSandbox } from '../mocks/browser.ts';
import { RUNTIME_OPENAPI } from '../mocks/generated/request-validators-1.2.ts';
import type { OpenApiDocument } from '../mocks/openapi/document.ts';

let running: Promise<RunningSandbox> | undefined;

export function sandbox(bases: { baseUrl: string; partnersBaseUrl: string }): Promise<RunningSandbox> {
  running ??= startSandbox({ openapi: RUNTIME_OPENAPI as OpenApiDocument, ...bases });
  return running;
}
