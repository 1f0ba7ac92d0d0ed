import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/config/load.ts';
import { topicTabs, versionTopics } from '../../../src/model/topics.ts';
import type { Section } from '../../../src/model/types.ts';
import { loadError, siteWith } from './support.ts';

const NAV = 'content/1.0/nav.yml';
const TOPICS = '- topic: Guides\n  children:\n    - slug: overview\n    - title: Guides\n      children:\n        - slug: guides/first\n- topic: API reference\n  reference: true\n- topic: Resources\n  children:\n    - slug: resources/faq\n';

describe('topics in nav.yml', () => {
  it('are top-level sections marked as topics; the reference topic is a tab, not an entry', () => {
    const { model } = loadSite(siteWith({ [NAV]: TOPICS }), {});
    const site = model.versions[0]!;
    expect(versionTopics(site.nav).map((topic) => [topic.title, topic.dropdown, topic.children.length])).toEqual([
      ['Guides', false, 2],
      ['Resources', false, 1],
    ]);
    expect(site.referenceTopic).toEqual({ title: 'API reference', topicIndex: 1 });
  });

  it('a reference topic in a version without an API description is a warning naming the file', () => {
    const { warnings } = loadSite(siteWith({ [NAV]: TOPICS, 'content/1.0/openapi.yaml': null }), {});
    expect(warnings.map((warning) => `${warning.file} ${warning.message}`)).toContain(
      'content/1.0/nav.yml has a topic with `reference: true` ("API reference"), but version 1.0 has no API description, so its tab is not shown. Add content/1.0/openapi.yaml (or an API under apis/), or remove the topic.',
    );
  });

  it('a list that mixes topics and other entries names the stray entry\'s line', () => {
    expect(loadError(siteWith({ [NAV]: '- topic: Guides\n  children:\n    - slug: overview\n- slug: resources/faq\n' }))).toBe(
      "content/1.0/nav.yml:4:3: `[1]` is not a topic, but other top-level entries are: a version's entries are all in topics, or none is.\n  Fix: move this entry into the `children` of a topic (`- topic: Guides` with `children:`), or remove `topic:` from the others.",
    );
  });

  it('a topic has children or is the reference, not both nor neither; one reference; the reference is not gated here', () => {
    expect(loadError(siteWith({ [NAV]: '- topic: Guides\n  children: [{ slug: overview }]\n  reference: true\n' }))).toContain('needs either `children` (its pages) or `reference: true`, not both');
    expect(loadError(siteWith({ [NAV]: '- topic: Guides\n' }))).toContain('needs either `children` (its pages) or `reference: true`, not both');
    expect(loadError(siteWith({ [NAV]: '- topic: A\n  reference: true\n- topic: B\n  reference: true\n' }))).toMatch(/^content\/1\.0\/nav\.yml:4:\d+: `\[1\]\.reference` is the second topic holding the API reference\./);
    expect(loadError(siteWith({ [NAV]: '- topic: Guides\n  children: [{ slug: overview }]\n- topic: API\n  reference: true\n  roles: [admin]\n' }))).toContain("cannot gate the API reference's topic");
  });

  it('a translation keeps the tabs\' order and translates their labels, the reference\'s too', () => {
    const { model } = loadSite(siteWith({ [NAV]: TOPICS, 'config/site.yml': 'title: Docs\nurl: https://docs.example\ni18n:\n  defaultLocale: en\n  locales:\n    - { id: en, label: English }\n    - { id: de, label: Deutsch }\n', 'content/de/1.0/nav.yml': 'Guides: Anleitungen\nAPI reference: API-Referenz\nResources: Material\n' }), {});
    const german = model.locales![0]!.versions[0]!;
    const topics = versionTopics(german.nav);
    expect(topicTabs(topics, german.referenceTopic, { slug: 'reference' }, topics[1]).map((tab) => [tab.title, tab.current])).toEqual([
      ['Anleitungen', false],
      ['API-Referenz', false],
      ['Material', true],
    ]);
  });

  it('tabs: each topic\'s first page, the reference after the last topic nav.yml put before it, the current one marked', () => {
    const { model } = loadSite(siteWith({ [NAV]: TOPICS }), {});
    const site = model.versions[0]!;
    const [guides, resources] = versionTopics(site.nav) as [Section, Section];
    expect(topicTabs([guides, resources], site.referenceTopic, { slug: 'reference' }, resources)).toEqual([
      { title: 'Guides', slug: 'overview', current: false },
      { title: 'API reference', slug: 'reference', current: false },
      { title: 'Resources', slug: 'resources/faq', current: true },
    ]);
    // A reader who cannot see Guides: the reference still comes before Resources... or first when nothing visible precedes it.
    expect(topicTabs([resources], site.referenceTopic, { slug: 'reference' }, 'reference').map((tab) => [tab.title, tab.current])).toEqual([
      ['API reference', true],
      ['Resources', false],
    ]);
    // No reference for this reader (or version): no tab. No reference topic: the reference comes last, with the generator's title.
    expect(topicTabs([guides, resources], site.referenceTopic, undefined, guides).map((tab) => tab.title)).toEqual(['Guides', 'Resources']);
    expect(topicTabs([guides, resources], undefined, { slug: 'reference' }, undefined).at(-1)).toEqual({ title: 'API reference', textKey: 'reference.title', slug: 'reference', current: false });
  });
});
