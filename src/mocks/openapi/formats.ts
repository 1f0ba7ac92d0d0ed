/** Format validation (`date-time`, `uuid`, `uri`, ...) for contract checks in Node; not used by the sandbox itself. */
import type { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; depending on the loader its default export is the plugin or a namespace.
const addFormatsPlugin = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as typeof addFormatsModule;

export function addStandardFormats(ajv: Ajv2020): void {
  addFormatsPlugin(ajv);
}
