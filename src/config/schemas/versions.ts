import { z } from 'zod';
import { ROOT_SEGMENTS } from '../../routes.ts';

/** Top-level paths the generator uses, so no version may take them as its URL segment. */
const RESERVED_VERSION_IDS = ROOT_SEGMENTS;

const VERSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** One entry of `config/versions.yml`. */
const versionSchema = z
  .strictObject({
    id: z
      .string()
      .refine((id) => VERSION_ID_PATTERN.test(id), {
        error: 'must be a URL segment of letters, digits, ".", "_" or "-"',
        params: { hint: 'use something like "1.2" or "2.0-beta"; it names the folder content/<id>/.' },
      })
      .refine((id) => !RESERVED_VERSION_IDS.includes(id), {
        error: 'is a path the site itself uses',
        params: { hint: `pick another id; these are taken: ${RESERVED_VERSION_IDS.join(', ')}.` },
      })
      // The first check for JSON Schema, which cannot read a refinement (src/config/json-schemas.ts).
      .meta({ pattern: VERSION_ID_PATTERN.source })
      .describe(`The URL segment and the content folder name (content/<id>/): letters, digits, ".", "_" and "-", like 1.2 or 2.0-beta. Unique, and none of: ${RESERVED_VERSION_IDS.join(', ')}.`),
    label: z.string().min(1).optional().describe('Shown in the version switcher; defaults to the id.'),
    stable: z.boolean().default(false).describe("Stable versions are listed by crawlers' indexes by default."),
  })
  .describe('A version of the documentation.');

/** `config/versions.yml`. */
export const versionsSchema = z
  .array(versionSchema)
  .min(1, { error: 'must list at least one version' })
  .describe('The versions, in display order.');

export type VersionEntry = z.output<typeof versionSchema>;
