import { z } from 'zod';

/** `links:` of site.yml. */
export const linksSchema = z
  .strictObject({
    broken: z.enum(['error', 'warn']).default('error').describe('A link, anchor or image that leads nowhere: `error` stops the build, `warn` only reports it.'),
    crossVersion: z.enum(['warn', 'off']).default('warn').describe("A link from one version's page into another version (a copied folder): `warn`, or `off`."),
  })
  .prefault({})
  .describe('What the build does about the links and images of pages.');
