import { describe, expect, it } from 'vitest';
import { stricterAccess } from '../../../src/model/access.ts';
import { formatText } from '../../../src/i18n/format.ts';
import { de } from '../../../src/i18n/strings/de.ts';
import type { UiKey } from '../../../src/i18n/strings/en.ts';
import { changelogLead, changelogMarkdown, previousVersionId, type Changelog } from '../../../src/reference/changelog.ts';

describe('the version a changelog compares with', () => {
  it('is the highest version number below, whatever the display order', () => {
    const ids = ['1.2', '1.1', '2.0-beta'];
    expect(previousVersionId(ids, '2.0-beta')).toBe('1.2');
    expect(previousVersionId(ids, '1.2')).toBe('1.1');
    expect(previousVersionId(ids, '1.1')).toBeUndefined();
  });

  it('reads numbers as numbers, a leading v, and a suffix as a pre-release', () => {
    expect(previousVersionId(['v1.9', 'v1.10', 'v2'], 'v1.10')).toBe('v1.9');
    expect(previousVersionId(['2.0', '2.0-beta', '1.4'], '2.0')).toBe('2.0-beta');
    expect(previousVersionId(['2.0', '2.0-beta', '1.4'], '2.0-beta')).toBe('1.4');
    expect(previousVersionId(['2.0-rc.2', '2.0-rc.10'], '2.0-rc.10')).toBe('2.0-rc.2');
  });

  it('is none for ids that are not version numbers', () => {
    expect(previousVersionId(['latest', 'next', '1.0'], 'next')).toBeUndefined();
    expect(previousVersionId(['latest', '1.0', '2.0'], '2.0')).toBe('1.0');
  });
});

describe('who may read a changelog', () => {
  it('is public only when both references are, and needs the roles of both', () => {
    const open = { public: true, requires: [] };
    const partner = { public: false, requires: [['partner']] };
    expect(stricterAccess(open, open)).toEqual(open);
    expect(stricterAccess(open, partner)).toEqual(partner);
    expect(stricterAccess(partner, open)).toEqual(partner);
    expect(stricterAccess(partner, { public: false, requires: [['staff']] })).toEqual({ public: false, requires: [['partner'], ['staff']] });
  });
});

describe('the changelog Markdown', () => {
  const changelog: Changelog = {
    api: '',
    slug: 'reference/changes/1.0',
    title: 'Changes since 1.0',
    previous: { id: '1.0', label: '1.0' },
    current: { id: '2.0', label: '2.0' },
    changes: [
      { kind: 'added', breaking: false, current: { slug: 'new-thing', label: 'POST /things', title: 'Make a [new] thing' }, details: [{ rule: 'operation-added', breaking: false, text: 'New operation.' }] },
      {
        kind: 'changed',
        breaking: true,
        previous: { slug: 'get-thing', label: 'GET /things/{id}', title: 'Get a thing' },
        current: { slug: 'read-thing', label: 'GET /things/{thingId}', title: 'Read a thing' },
        details: [
          { rule: 'parameter-added-optional', breaking: false, text: 'New optional query parameter `q`.' },
          { rule: 'field-removed', breaking: true, text: 'The field `name` of the `200` response was removed.' },
        ],
      },
      { kind: 'removed', breaking: true, previous: { slug: 'old-thing', label: 'DELETE /things', title: 'Drop things' }, details: [{ rule: 'operation-removed', breaking: true, text: 'Operation removed: calls to it fail.' }] },
    ],
  };

  it('lists removed, changed and added operations, marks breaking changes and links both versions\' pages', () => {
    const markdown = changelogMarkdown(changelog, { operationUrl: (version, slug) => `https://docs.example/${version}/reference/${slug}/` });
    expect(markdown).toBe(`# Changes since 1.0

From 1.0 to 2.0: 1 added, 1 removed and 1 changed operations, with 2 breaking changes.

Breaking changes are marked **Breaking**: a client written for the previous version may fail on them.

## Removed operations

### DELETE /things **Breaking**

[Drop things](https://docs.example/1.0/reference/old-thing/) of 1.0 is gone.

## Changed operations

### GET /things/{thingId} **Breaking**

[Read a thing](https://docs.example/2.0/reference/read-thing/) (2.0); was [Get a thing](https://docs.example/1.0/reference/get-thing/) (1.0).

- New optional query parameter \`q\`.
- **Breaking:** The field \`name\` of the \`200\` response was removed.

## Added operations

### POST /things

[Make a \\[new\\] thing](https://docs.example/2.0/reference/new-thing/) is new in 2.0.
`);
  });

  it('says so when nothing changed', () => {
    expect(changelogMarkdown({ ...changelog, changes: [] }, { operationUrl: () => '' })).toContain('No operation changed between 1.0 and 2.0.');
  });
});

describe('the changelog lead in the page language', () => {
  const changelog: Changelog = {
    api: '',
    slug: 'reference/changes/1.0',
    title: 'Changes since 1.0',
    previous: { id: '1.0', label: '1.0' },
    current: { id: '2.0', label: '2.0' },
    changes: [{ kind: 'removed', breaking: true, previous: { slug: 'old-thing', label: 'DELETE /things', title: 'Drop things' }, details: [{ rule: 'operation-removed', breaking: true, text: 'Operation removed: calls to it fail.' }] }],
  };
  const german = (key: UiKey, values?: Readonly<Record<string, string | number>>) => formatText(de[key], values);

  it('is English by default, as the Markdown', () => {
    expect(changelogLead(changelog)).toBe('From 1.0 to 2.0: 0 added, 1 removed and 0 changed operation, with 1 breaking change.');
    expect(changelogLead({ ...changelog, changes: [] })).toBe('No operation changed between 1.0 and 2.0.');
  });

  it("is the page's language's when given its strings", () => {
    expect(changelogLead(changelog, german)).toBe('Operationen von 1.0 zu 2.0: 0 hinzugefügt, 1 entfernt, 0 geändert; 1 inkompatible Änderung.');
    expect(changelogLead({ ...changelog, changes: [] }, german)).toBe('Zwischen 1.0 und 2.0 hat sich keine Operation geändert.');
  });
});
