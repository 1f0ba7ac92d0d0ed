// Lets Node load the engine's TypeScript from an installed package. Node strips types from `.ts`
// files itself, but not under node_modules (ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING), where
// `caravan-docs` lives in a user's site. The package ships its sources as they are (as Starlight
// does), so this load hook strips them the same way (whitespace in place of types: stack traces
// keep their lines) for files of this package only. Plain JavaScript: it must run before any `.ts`.
// Used by the bin (src/cli/caravan-docs.js) and, through `--import`, by the build's worker thread.
import { readFileSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import { fileURLToPath } from 'node:url';

const PACKAGE_URL = new URL('../../', import.meta.url).href;

// Node calls the stripper experimental and warns once per process; the warning means nothing to a docs writer.
const emitWarning = process.emitWarning;
process.emitWarning = function quietStripWarning(warning, ...rest) {
  if (String(warning).includes('stripTypeScriptTypes')) return;
  return emitWarning.call(process, warning, ...rest);
};

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith(PACKAGE_URL) || !url.endsWith('.ts') || !url.includes('/node_modules/')) return nextLoad(url, context);
    const source = stripTypeScriptTypes(readFileSync(fileURLToPath(url), 'utf8'), { mode: 'strip', sourceUrl: url });
    return { format: 'module', source, shortCircuit: true };
  },
});
