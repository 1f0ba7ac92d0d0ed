/**
 * A thread making the browser sandbox's parts of a build's APIs while the build's own thread does
 * the rest (started by src/integration/sandbox-parts-thread.ts): one API after the other, each
 * posted with the digest of the text it was compiled from, or with the error that stopped it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { forgetOpenApi, openApiTextDigest, readOpenApi } from '../openapi/openapi-fs.ts';
import { compileSandbox, sandboxParts } from './sandbox-parts.ts';
import type { PartsMessage, PartsWork } from './sandbox-parts-thread.ts';

const { docsRoot, settings, apis } = workerData as PartsWork;
for (const { key, file } of apis) {
  let message: PartsMessage;
  try {
    const parts = sandboxParts(compileSandbox(readOpenApi(docsRoot, file), settings), `version ${key}`);
    message = { key, textDigest: openApiTextDigest(docsRoot, file), parts };
  } catch (error) {
    message = { key, error: error instanceof Error ? error.message : String(error) };
  }
  // One description in memory at a time.
  forgetOpenApi(docsRoot, file);
  parentPort!.postMessage(message);
}
