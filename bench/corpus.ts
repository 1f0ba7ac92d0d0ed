import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SECTIONS = 10;

/** A realistic page: headings, a table, a list and two code blocks. */
function pageText(section: number, index: number): string {
  return `---
title: Guide ${section}.${index}
description: How to use feature ${index} of area ${section}.
---

Feature ${index} moves cargo between markets in area ${section}. This page explains when to use it and how.

## Before you start

- An access token with write access.
- A caravan in the \`forming\` status.
- The market identifier of the destination.

## Request

\`\`\`bash
curl -X POST https://api.caravan.example/v1/caravans/car_${index}/dispatch \\
  -H "Authorization: Bearer sandbox-trader" \\
  -H "Content-Type: application/json"
\`\`\`

## Response

| Field | Type | Meaning |
| --- | --- | --- |
| id | string | manifest identifier |
| status | string | manifest status |
| dispatched_at | string | dispatch time |

\`\`\`json
{
  "id": "man_${section}_${index}",
  "status": "dispatched",
  "dispatched_at": "2026-03-01T08:00:00Z",
  "next_checkpoint": "Oasis of Siwa"
}
\`\`\`

### Errors

A caravan that is not ready gets \`409 dispatch_precondition_failed\` listing every unmet condition.
`;
}

/** Writes a site of `pages` pages over 10 sections into `root` (replacing it). */
export function writeCorpus(root: string, pages: number): void {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'config'), { recursive: true });
  writeFileSync(join(root, 'config/site.yml'), 'title: Bench Docs\ndescription: A generated corpus.\nurl: https://bench.example\n');
  writeFileSync(join(root, 'config/versions.yml'), '- { id: "1.0", label: "1.0", stable: true }\n');
  const perSection = Math.ceil(pages / SECTIONS);
  const nav: string[] = [];
  let written = 0;
  for (let section = 0; section < SECTIONS && written < pages; section++) {
    nav.push(`- title: Area ${section}\n  children:`);
    mkdirSync(join(root, `content/1.0/area-${section}`), { recursive: true });
    for (let index = 0; index < perSection && written < pages; index++, written++) {
      nav.push(`    - slug: area-${section}/guide-${index}`);
      writeFileSync(join(root, `content/1.0/area-${section}/guide-${index}.md`), pageText(section, index));
    }
  }
  writeFileSync(join(root, 'content/1.0/nav.yml'), `${nav.join('\n')}\n`);
}
