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
  });

/** A role name, as nav.yml, users.yml and OpenID Connect role claims spell it. */
export const roleName = z.string().refine((value) => /^[a-z][a-z0-9_-]*$/.test(value), { error: 'is not a valid role name', params: { hint: 'use lowercase letters, digits, "-" and "_" (like "partner").' } });

const roles = z.array(roleName);

/** A page entry: `{ slug, roles }`. `roles` omitted means "as the enclosing section". */
export const navPageSchema = z.strictObject({
  /** Page at content/<version>/<slug>.md(x), served at /<version>/<slug>/. */
  slug,
  /** Roles that may read it; `[]` is public (unless an enclosing section is gated). */
  roles: roles.optional(),
});

/** A section (`dropdown` true, collapsible) or a no-dropdown group (always open, may link a page). */
export const navSectionSchema = z
  .strictObject({
    /** Label in the sidebar. */
    title: z.string().trim().min(1),
    /** Entries inside; validated one by one (see nav-file.ts). */
    children: z.array(z.unknown()).refine((children) => children.length > 0, { error: 'must list at least one entry', params: { hint: 'add entries under `children:` or remove the section.' } }),
    /** Roles for everything inside; children can narrow but never widen access. */
    roles: roles.optional(),
    /** `false` makes a group that is always open. */
    dropdown: z.boolean().default(true),
    /** The group's own page (only for `dropdown: false`). */
    slug: slug.optional(),
  })
  .refine((section) => section.slug === undefined || !section.dropdown, {
    error: 'a collapsible section cannot link a page of its own',
    params: { hint: 'add `dropdown: false` to make it an always-open group with a direct link, or move the page into `children`.' },
    path: ['slug'],
  });

type NavPageInput = z.output<typeof navPageSchema>;
type NavSectionInput = Omit<z.output<typeof navSectionSchema>, 'children'> & { children: NavEntryInput[] };
export type NavEntryInput = ({ kind: 'page' } & NavPageInput) | ({ kind: 'section' } & NavSectionInput);
