// @ts-check
// This repository's own site (the Caravan Trading Service sample in config/ and content/), built with
// the engine's integration like any site. DOCS_ROOT points it at another folder holding config/ and
// content/ (tests and benchmarks use this); a user's site needs no astro.config at all (`caravan-docs build`).
import { defineConfig } from 'astro/config';
import { caravanDocs } from './src/integration/index.ts';

export default defineConfig({
  integrations: [caravanDocs({ docsRoot: process.env.DOCS_ROOT })],
});
