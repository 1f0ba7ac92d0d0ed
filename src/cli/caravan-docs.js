#!/usr/bin/env node
// The `caravan-docs` command. Plain JavaScript so that it can check the Node version before
// anything else runs; the commands themselves are TypeScript (src/cli/main.ts).
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(`caravan-docs needs Node.js 24 or newer; this is Node.js ${process.versions.node}.
Install Node.js 24 (https://nodejs.org), or pin it for this site alone with the npm package:
  npm install --save-dev node@24
and run caravan-docs through npm scripts (npm run dev, npm run build), which use it.`);
  process.exit(1);
}
await import('./typescript-hooks.js');
const { main } = await import('./main.ts');
await main(process.argv.slice(2));
