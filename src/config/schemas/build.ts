import { z } from 'zod';

/** `build` in site.yml: how `astro build` works, not what it produces. */
export const buildSchema = z
  .strictObject({
    /**
     * Reuse pages of the previous build whose inputs are unchanged (kept under
     * node_modules/.astro/); `false` renders every page on every build.
     */
    incremental: z.boolean().default(true),
  })
  .prefault({});
