import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/*
 * Issue 37's held-out site, written here for the tests: git history, two locales, a diagram,
 * analytics (a Plausible served by the test itself, on FEATURES_PROVIDER_PORT), a feedback
 * collector, edit links, and an API that changes between two versions. Nothing of it comes from
 * the sample or the other fixtures.
 */
export const FEATURES_PROVIDER_PORT = 4597;
export const FEATURES_EDIT_BASE = 'https://git.example.org/kiln/docs/edit/main/';

const provider = `http://127.0.0.1:${FEATURES_PROVIDER_PORT}`;

const description = (version: '1.0' | '2.0') => `openapi: 3.1.0
info: { title: Kiln Firing API, version: ${version}.0 }
servers: [{ url: https://kiln.example.org/v1 }]
paths:
  /firings:
    get:
      operationId: listFirings
      summary: List firings
      responses:
        '200':
          description: The firings.
          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Firing' } } } }
    post:
      operationId: startFiring
      summary: Start a firing
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [${version === '1.0' ? 'cone' : 'cone, atmosphere'}]
              properties:
                cone: { type: string }
                atmosphere: { type: string, enum: [oxidation, reduction] }
      responses:
        '201':
          description: Started.
          content: { application/json: { schema: { $ref: '#/components/schemas/Firing' } } }
${version === '2.0' ? `  /firings/{firingId}/log:
    get:
      operationId: getFiringLog
      summary: Read a firing's temperature log
      parameters: [{ name: firingId, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: The log.
          content: { application/json: { schema: { type: array, items: { type: number } } } }
` : ''}components:
  schemas:
    Firing:
      type: object
      required: [id, cone]
      properties:
        id: { type: string, example: fir_001 }
        cone: { type: string, example: '06' }
        atmosphere: { type: string, enum: [oxidation, reduction] }
`;

const FILES: Record<string, string> = {
  'config/site.yml': `title: Kiln Firing Docs
description: Schedules, cones and logs of a pottery kiln.
url: https://docs.kiln.example.org
editLink:
  baseUrl: ${FEATURES_EDIT_BASE}
analytics:
  - { provider: plausible, domain: docs.kiln.example.org, src: "${provider}/js/script.js" }
feedback:
  endpoint: ${provider}/collect
i18n:
  defaultLocale: en
  locales:
    - { id: en, label: English }
    - { id: de, label: Deutsch }
  untranslated: fallback
`,
  'config/versions.yml': '- { id: "2.0", label: "2.0", stable: true }\n- { id: "1.0", label: "1.0", stable: true }\n',
  'content/1.0/nav.yml': '- slug: overview\n- slug: firing-cycle\n',
  // 2.0 groups its pages into topics, the API reference one of them.
  'content/2.0/nav.yml': '- topic: Guides\n  children:\n    - slug: overview\n    - slug: firing-cycle\n- topic: API reference\n  reference: true\n- topic: SDKs\n  children:\n    - title: Languages\n      children:\n        - slug: sdks/python\n',
  'content/2.0/sdks/python.md': '---\ntitle: Python SDK\ndescription: The kiln API from Python.\n---\n\nInstall `kiln-sdk` and start a firing.\n',
  'content/1.0/overview.md': '---\ntitle: Overview\ndescription: What the kiln API does.\n---\n\nStart a firing, then read its log.\n',
  'content/2.0/overview.md': '---\ntitle: Overview\ndescription: What the kiln API does.\n---\n\nStart a firing with its atmosphere, then read its log.\n',
  'content/1.0/firing-cycle.md': '---\ntitle: Firing cycle\ndescription: The stages of a firing.\n---\n\nA firing climbs, soaks and cools.\n',
  'content/2.0/firing-cycle.md': `---
title: Firing cycle
description: The stages of a firing.
---

A firing climbs, soaks and cools.

\`\`\`mermaid
stateDiagram-v2
    [*] --> climbing: POST /firings
    climbing --> soaking: cone reached
    soaking --> cooling: hold time over
    cooling --> [*]: below 50 °C
\`\`\`

\`\`\`sh
curl -X POST https://kiln.example.org/v1/firings -d '{"cone":"06","atmosphere":"oxidation"}'
\`\`\`
`,
  'content/de/2.0/overview.md': '---\ntitle: Überblick\ndescription: Was die Ofen-API kann.\n---\n\nStarten Sie einen Brand und lesen Sie sein Protokoll.\n',
  'content/1.0/openapi.yaml': description('1.0'),
  'content/2.0/openapi.yaml': description('2.0'),
};

function write(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
}

/** Writes the site and its history: everything committed on 2025-01-15, the 2.0 pages changed again on 2026-02-03. */
export function writeFeaturesSite(root: string): void {
  rmSync(root, { recursive: true, force: true });
  write(root, FILES);
  const git = (args: string[], date?: string) =>
    execFileSync('git', args, { cwd: root, env: { ...process.env, GIT_AUTHOR_NAME: 'Writer', GIT_AUTHOR_EMAIL: 'writer@kiln.example.org', GIT_COMMITTER_NAME: 'Writer', GIT_COMMITTER_EMAIL: 'writer@kiln.example.org', ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) } });
  git(['init', '-q']);
  git(['add', '.']);
  git(['commit', '-q', '-m', 'The kiln docs'], '2025-01-15T10:00:00Z');
  writeFileSync(join(root, 'content/2.0/overview.md'), `${FILES['content/2.0/overview.md']}\nEvery firing keeps its log for a year.\n`);
  git(['commit', '-q', '-am', 'Log retention'], '2026-02-03T08:30:00Z');
}
