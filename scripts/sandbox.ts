/**
 * `npm run sandbox [-- --version V] [-- --api ID] [-- --port N]`: a version's sandbox on
 * http://127.0.0.1:4010, for curl, SDKs and any HTTP client. The docs root is DOCS_ROOT (default:
 * this project); the version defaults to the first in config/versions.yml that has an OpenAPI
 * description, the API (`content/<version>/apis/<id>/`) to the version's first. Each
 * server of the description is served under its own path (`https://api.example.com/v1` under
 * `/v1`); base URLs follow `api:` in config/site.yml.
 */
import { parseArgs } from 'node:util';
import { docsRootFrom, loadSite } from '../src/config/load.ts';
import { patternWarnings } from '../src/integration/check-descriptions.ts';
import { versionApiSources } from '../src/openapi/openapi-fs.ts';
import { orderApis } from '../src/reference/api-order.ts';
import { loadVersionSandbox } from '../src/sandbox/node/load.ts';
import { DEFAULT_SANDBOX_PORT, RESET_PATH, startLocalServer } from '../src/sandbox/node/local-server.ts';
import { createSandbox } from '../src/sandbox/core/pipeline.ts';

function fail(message: string): never {
  console.error(`sandbox: ${message}`);
  process.exit(2);
}

const { values } = parseArgs({ options: { port: { type: 'string', default: String(DEFAULT_SANDBOX_PORT) }, version: { type: 'string' }, api: { type: 'string' } } });
const port = Number(values.port);
if (!/^\d+$/.test(values.port ?? '') || !Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be an integer from 0 to 65535, not "${values.port}".`);

const root = docsRootFrom(process.env, process.cwd());
const { model } = loadSite(root);
const described = model.versions.map((entry) => entry.version.id).filter((id) => versionApiSources(root, id).length > 0);
const version = values.version ?? described[0];
if (version === undefined) fail(`no version of ${root} has an OpenAPI description (content/<version>/openapi.yaml).`);
if (!described.includes(version)) fail(`--version must be one of ${described.join(', ') || '(none)'}, not "${version}".`);
const apis = orderApis(versionApiSources(root, version), model.config.apis).map((source) => source.id);
const api = values.api ?? apis[0]!;
if (!apis.includes(api)) fail(apis[0] === '' ? `version ${version} has one API, so --api is not needed.` : `--api must be one of ${apis.join(', ')} (the folders of content/${version}/apis/), not "${api}".`);

const loaded = await loadVersionSandbox(root, version, { overrides: model.config.api, origin: model.config.url }, api);
const sandbox = await startLocalServer({ sandbox: createSandbox({ api: loaded.api, validators: loaded.validators, extension: loaded.extension }), port, siteOrigin: model.config.url });
const first = loaded.api.operations.find((operation) => operation.method === 'get' && !operation.path.includes('{'));
const mount = (base: string) => sandbox.mounts.find((candidate) => candidate.base === base)?.prefix ?? '';
console.log(`Sandbox for ${loaded.api.title} (${version}${api ? `, API ${api}` : ''}${loaded.extensionFile ? `, rules from ${loaded.extensionFile}` : ''}) listening on ${sandbox.origin}`);
for (const { prefix, base } of sandbox.mounts) console.log(`  ${sandbox.origin}${prefix || '/'}  stands for  ${base}`);
if (first) console.log(`  try:           curl ${sandbox.origin}${mount(first.baseUrl)}${first.path}`);
for (const warning of patternWarnings(loaded.source, loaded.document)) console.warn(`  warning: ${warning.file} ${warning.message}`);
const credentials = Object.values(loaded.api.schemes).filter((scheme) => scheme.credentials.length > 0);
for (const scheme of credentials) console.log(`  credentials (${scheme.key}): ${scheme.credentials.join(', ')}`);
console.log(`  reset the data: curl -X POST ${sandbox.origin}${RESET_PATH}`);
console.log(`  browsers may call it from ${new URL(model.config.url).origin} and from localhost pages only`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().finally(() => process.exit(0));
  });
}
