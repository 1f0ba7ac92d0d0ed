/**
 * The changelog on real history: GitHub Enterprise Server 3.17 → 3.18 → 3.19 (and back, so that
 * removals are seen), from `@octokit/openapi`, compared with the operation sets computed directly
 * and with `api-smart-diff`'s breaking changes. Every disagreement must be one the manual lists
 * as deliberate ("API changelog", "Checked on real descriptions").
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { describeApi, type ApiDescription, type OpenApiInput } from '../../../src/openapi/index.ts';
import { diffDescriptions, type OperationChange } from '../../../src/reference/api-changes.ts';
import type { ChangeDetail } from '../../../src/reference/change-rules.ts';
import { contract, oracleBreaking, rawOperations, readGhes } from './real-pairs.ts';

const VERSIONS = ['3.17', '3.18', '3.19'] as const;
type Version = (typeof VERSIONS)[number];

/**
 * The disagreements the manual explains: the changelog marks these breaking, `api-smart-diff`
 * does not. Any other disagreement fails the test.
 */
const DELIBERATE: Record<string, (item: ChangeDetail) => boolean> = {
  // A field removed from a response or a payload: breaking for a reader that used it, even when it
  // was optional; a field removed from a request: the API ignores or refuses what clients still send.
  'a field removed (optional ones included)': (item) => item.rule === 'field-removed',
  // GHES 3.19 wraps a nullable named schema in `allOf` with a schema that is not nullable: in
  // OpenAPI 3.0 `null` no longer passes, so a client sending `null` fails.
  'null no longer allowed through allOf': (item) => item.rule === 'type-narrowed' && item.text.includes('from `object` or `null` to `object`'),
};

const label = (change: OperationChange): string => (change.kind === 'removed' ? change.previous.label : change.current.label);

interface PairResult {
  changes: OperationChange[];
  ours: { added: string[]; removed: string[]; changed: string[]; breaking: string[] };
  direct: { added: string[]; removed: string[]; changed: string[] };
  oracle: string[];
}

const raw = {} as Record<Version, Record<string, unknown>>;
const described = {} as Record<Version, ApiDescription>;

beforeAll(() => {
  for (const version of VERSIONS) {
    raw[version] = readGhes(version);
    // GHES is OpenAPI 3.0 and lists its webhooks under `x-webhooks`; the engine reads 3.1's `webhooks`.
    described[version] = describeApi({ ...raw[version], webhooks: raw[version]['x-webhooks'] } as OpenApiInput, { source: `ghes-${version}.json` });
  }
  // About 0.3 s of CPU; more on a machine other jobs share, hence vitest's test timeout rather than its 10 s for hooks.
}, 120_000);

function comparePair(from: Version, to: Version): PairResult {
  const changes = diffDescriptions(described[from], described[to]);
  const of = (kind: OperationChange['kind']) => changes.filter((change) => change.kind === kind).map(label).sort();
  const [before, after] = [rawOperations(raw[from]), rawOperations(raw[to])];
  const shared = [...after.keys()].filter((key) => before.has(key));
  const changedKeys = shared.filter((key) => contract(raw[from], before.get(key)!.operation) !== contract(raw[to], after.get(key)!.operation));
  // The oracle only needs the operations whose contract changed; it prints a warning on one GHES schema.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  const oracle = [...oracleBreaking(raw[from], raw[to], changedKeys)].sort();
  quiet.mockRestore();
  return {
    changes,
    ours: { added: of('added'), removed: of('removed'), changed: of('changed'), breaking: changes.filter((change) => change.kind === 'changed' && change.breaking).map(label).sort() },
    direct: {
      added: [...after].filter(([key]) => !before.has(key)).map(([, operation]) => operation.label).sort(),
      removed: [...before].filter(([key]) => !after.has(key)).map(([, operation]) => operation.label).sort(),
      changed: changedKeys.map((key) => after.get(key)!.label).sort(),
    },
    oracle,
  };
}

/** Which deliberate disagreement each operation only the changelog marks breaking is, counted. */
function explained(result: PairResult): { unexplained: string[]; counts: Record<string, number> } {
  const counts: Record<string, number> = {};
  const unexplained: string[] = [];
  for (const change of result.changes) {
    if (change.kind !== 'changed' || !change.breaking || result.oracle.includes(change.current.label)) continue;
    const reasons = new Set<string>();
    for (const item of change.details.filter((detail) => detail.breaking)) {
      const reason = Object.keys(DELIBERATE).find((name) => DELIBERATE[name]!(item));
      if (reason === undefined) unexplained.push(`${change.current.label}: ${item.text}`);
      else reasons.add(reason);
    }
    for (const reason of reasons) counts[reason] = (counts[reason] ?? 0) + 1;
  }
  return { unexplained, counts };
}

const results = new Map<string, PairResult>();
const pair = (from: Version, to: Version): PairResult => {
  const key = `${from} ${to}`;
  if (!results.has(key)) results.set(key, comparePair(from, to));
  return results.get(key)!;
};

describe.each([
  // from, to, added, removed, changed, breaking (changelog), breaking (oracle), only the changelog's: by reason
  ['3.17', '3.18', 15, 0, 54, 0, 0, {}],
  ['3.18', '3.19', 63, 0, 56, 3, 1, { 'null no longer allowed through allOf': 2 }],
  ['3.19', '3.18', 0, 63, 56, 55, 2, { 'a field removed (optional ones included)': 53 }],
  ['3.18', '3.17', 0, 15, 54, 54, 5, { 'a field removed (optional ones included)': 49 }],
] as const)('GHES %s → %s', (from, to, added, removed, changed, breaking, oracleCount, deliberate) => {
  it('adds and removes the operations the descriptions add and remove', () => {
    const { ours, direct } = pair(from, to);
    expect(ours.added).toEqual(direct.added);
    expect(ours.removed).toEqual(direct.removed);
    expect([ours.added.length, ours.removed.length]).toEqual([added, removed]);
  });

  it('changes exactly the operations whose contract changed', () => {
    const { ours, direct } = pair(from, to);
    expect(ours.changed).toEqual(direct.changed);
    expect(ours.changed.length).toBe(changed);
  });

  it('marks breaking every operation api-smart-diff does, and others only for a deliberate rule', () => {
    const result = pair(from, to);
    expect(result.oracle.filter((name) => !result.ours.breaking.includes(name))).toEqual([]);
    const { unexplained, counts } = explained(result);
    expect(unexplained).toEqual([]);
    expect(counts).toEqual(deliberate);
    expect([result.ours.breaking.length, result.oracle.length]).toEqual([breaking, oracleCount]);
  });
});

describe('GHES 3.18 → 3.19, what the issue asked', () => {
  const find = (from: Version, to: Version, name: string) => pair(from, to).changes.find((change) => label(change) === name)!;
  const detach = 'DELETE /orgs/{org}/code-security/configurations/detach';

  it('marks the detach change breaking: selected_repository_ids gained minItems 1 and maxItems 250', () => {
    expect(find('3.18', '3.19', detach)).toMatchObject({
      kind: 'changed',
      breaking: true,
      details: [
        { rule: 'max-items-decreased', breaking: true, text: 'The field `selected_repository_ids` of the request body must now have at most 250 items.' },
        { rule: 'min-items-increased', breaking: true, text: 'The field `selected_repository_ids` of the request body must now have at least 1 item.' },
      ],
    });
  });

  it('the same constraints loosened (3.19 → 3.18) are listed and do not break a client', () => {
    expect(find('3.19', '3.18', detach)).toMatchObject({
      breaking: false,
      details: [
        { rule: 'max-items-increased', breaking: false, text: 'The field `selected_repository_ids` of the request body need no longer have at most 250 items.' },
        { rule: 'min-items-decreased', breaking: false, text: 'The field `selected_repository_ids` of the request body need no longer have at least 1 item.' },
      ],
    });
  });

  it('a field added to a webhook payload is not breaking; removed (3.19 → 3.18), it is', () => {
    const webhook = 'Webhook installation-created (POST)';
    expect(find('3.18', '3.19', webhook)).toMatchObject({
      breaking: false,
      details: [
        { rule: 'field-added-optional', breaking: false, text: 'New field `installation.permissions.enterprise_organization_installations` of the payload.' },
        { rule: 'field-added-optional', breaking: false, text: 'New field `installation.permissions.enterprise_organization_installation_repositories` of the payload.' },
      ],
    });
    expect(find('3.19', '3.18', webhook)).toMatchObject({
      breaking: true,
      details: [
        { rule: 'field-removed', breaking: true, text: 'The field `installation.permissions.enterprise_organization_installations` of the payload was removed.' },
        { rule: 'field-removed', breaking: true, text: 'The field `installation.permissions.enterprise_organization_installation_repositories` of the payload was removed.' },
      ],
    });
  });
});
