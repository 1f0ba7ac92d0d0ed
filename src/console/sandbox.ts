/** The page's sandbox, shared by every console on it: `startSandbox` starts it once and returns the same one after. */
import { startSandbox, type RunningSandbox } from '../mocks/browser.ts';
import { RUNTIME_OPENAPI } from '../mocks/generated/request-validators-1.2.ts';
import type { OpenApiDocument } from '../mocks/openapi/document.ts';

export function sandbox(bases: { baseUrl: string; partnersBaseUrl: string }): Promise<RunningSandbox> {
  return startSandbox({ openapi: RUNTIME_OPENAPI as OpenApiDocument, ...bases });
}
