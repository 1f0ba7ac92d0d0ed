import { z } from 'zod';
import { ROOT_SEGMENTS } from '../../routes.ts';

/** Top-level paths the generator uses, so no version may take them as its URL segment. */
const RESERVED_VERSION_IDS = ROOT_SEGMENTS;

/** One entry of `config/versions.yml`; `id` is the URL segment and the content folder name. */
const versionSchema = z.strictObject({
  id: z.string().refine((id) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(id), {
    error: 'must be a URL segment of letters, digits, ".", "_" or "-"',
    params: { hint: 'use something like "1.2" or "2.0-beta"; it names the folder content/<id>/.' },
  }).refine((id) => !RESERVED_VERSION_IDS.includes(id), {
    error: 'is a path the site itself uses',
    params: { hint: `pick another id; these are taken: ${RESERVED_VERSION_IDS.join(', ')}.` },
  }),
  /** Shown in the version switcher; defaults to the id. */
  label: z.string().min(1).optional(),
  /** Stable versions are listed by crawlers' indexes by default. */
  stable: z.boolean().default(false),
});

/** `config/versions.yml`: the versions, in display order. */
export const versionsSchema = z.array(versionSchema).min(1, { error: 'must list at least one version' });

export type VersionEntry = z.output<typeof versionSchema>;
