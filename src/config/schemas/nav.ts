import { z } from 'zod';
import { VERSION_SEGMENTS } from '../../routes.ts';

const SLUG_PATTERN = /^[a-z0-9]+(?:[-_][a-z0-9]+)*(?:\/[a-z0-9]+(?:[-_][a-z0-9]+)*)*$/;

/** Slugs the generator uses for its own pages under `/{version}/`. */
const RESERVED_SLUGS = VERSION_SEGMENTS;

const slug = z
  .string()
  .refine((value) => SLUG_PATTERN.test(value), {
    error: 'is not a valid slug.',
    params: { hint: 'use lowercase letters, digits, "-" and "_", with "/" between folders and no leading or trailing "/" (like "guides/dispatching").' },
  })
  .refine((value) => !RESERVED_SLUGS.some((reserved) => value === reserved || value.startsWith(`${reserved}/`)), {
    error: `is reserved for pages the generator makes (${RESERVED_SLUGS.join(', ')})`,
    params: { hint: 'rename the page and its file.' },
  })
  // The same check for JSON Schema, which cannot read a refinement (src/config/json-schemas.ts).
  .meta({ pattern: SLUG_PATTERN.source });

const ROLE_PATTERN = /^[a-z][a-z0-9_-]*$/;

/** A role name, as nav.yml, users.yml and OpenID Connect role claims spell it. */
export const roleName = z
  .string()
  .refine((value) => ROLE_PATTERN.test(value), { error: 'is not a valid role name', params: { hint: 'use lowercase letters, digits, "-" and "_" (like "partner").' } })
  .meta({ pattern: ROLE_PATTERN.source });

const roles = z.array(roleName);

/** A page entry of nav.yml. */
export const navPageSchema = z
  .strictObject({
    slug: slug.describe(`Page at content/<version>/<slug>.md(x), served at /<version>/<slug>/: lowercase letters, digits, "-" and "_", with "/" between folders. Not ${RESERVED_SLUGS.join(' or ')} (or under them): the generator makes those pages.`),
    roles: roles.optional().describe('Roles that may read it; `[]` is public (unless an enclosing section is gated); omitted, as the enclosing section.'),
  })
  .describe('A page: `{ slug, roles }`. Its title comes from its front matter.');

/** A section or group of nav.yml. */
export const navSectionSchema = z
  .strictObject({
    title: z.string().trim().min(1).describe('Label in the sidebar.'),
    // Validated one by one by nav-file.ts; the JSON Schema names the entries (src/config/json-schemas.ts).
    children: z
      .array(z.unknown())
      .refine((children) => children.length > 0, { error: 'must list at least one entry', params: { hint: 'add entries under `children:` or remove the section.' } })
      .describe('Entries inside: pages, sections and groups; at least one.'),
    roles: roles.optional().describe('Roles for everything inside; children can narrow but never widen access.'),
    dropdown: z.boolean().default(true).describe('`false` makes a group that is always open (and may link a page of its own).'),
    slug: slug.optional().describe("The group's own page (only with `dropdown: false`), written as a page's `slug`."),
  })
  .refine((section) => section.slug === undefined || !section.dropdown, {
    error: 'a collapsible section cannot link a page of its own',
    params: { hint: 'add `dropdown: false` to make it an always-open group with a direct link, or move the page into `children`.' },
    path: ['slug'],
  })
  .describe('A section (`dropdown` true: collapsible) or a group (`dropdown: false`: always open, may link a page of its own).');

/** A topic of nav.yml: one of the tabs a version's entries are grouped into, each with its own sidebar. */
export const navTopicSchema = z
  .strictObject({
    topic: z.string().trim().min(1).describe('The tab\'s label (Guides, SDKs, API reference).'),
    // Validated one by one by nav-file.ts, like a section's.
    children: z.array(z.unknown()).optional().describe('The topic\'s entries, its sidebar: pages, sections and groups. Not with `reference`.'),
    reference: z.literal(true).optional().describe('This topic is the version\'s API reference, generated from its OpenAPI and AsyncAPI descriptions (it takes no `children`).'),
    roles: roles.optional().describe('Roles for everything in the topic, as for a section.'),
  })
  .refine((topic) => (topic.reference === true) !== (topic.children !== undefined && topic.children.length > 0), {
    error: 'needs either `children` (its pages) or `reference: true`, not both',
    params: { hint: 'list the topic\'s pages under `children:`, or write `reference: true` for the API reference\'s tab.' },
  })
  .refine((topic) => !(topic.reference && topic.roles !== undefined), {
    error: 'cannot gate the API reference\'s topic',
    params: { hint: 'gate an API with `roles` under `apis:` in config/site.yml; remove `roles` here.' },
    path: ['roles'],
  })
  .describe('A topic (a tab with its own sidebar): `{ topic, children }`, or `{ topic, reference: true }` for the API reference. When one top-level entry is a topic, all are.');

type NavPageInput = z.output<typeof navPageSchema>;
type NavSectionInput = Omit<z.output<typeof navSectionSchema>, 'children'> & { children: NavEntryInput[] };
type NavTopicInput = Omit<z.output<typeof navTopicSchema>, 'children'> & { children: NavEntryInput[] };
export type NavEntryInput = ({ kind: 'page' } & NavPageInput) | ({ kind: 'section' } & NavSectionInput) | ({ kind: 'topic' } & NavTopicInput);
