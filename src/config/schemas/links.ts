import { z } from 'zod';

/** `links:` of site.yml: what the build does about the links and images of pages. */
export const linksSchema = z
  .strictObject({
    /** A link, anchor or image that leads nowhere: `error` stops the build, `warn` only reports it. */
    broken: z.enum(['error', 'warn']).default('error'),
    /** A link from one version's page into another version (a copied folder): `warn`, or `off`. */
    crossVersion: z.enum(['warn', 'off']).default('warn'),
  })
  .prefault({});
