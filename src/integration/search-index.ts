import { createIndex, close } from 'pagefind';

/** Indexes the built HTML with Pagefind. Only built (public) pages exist in the output, so only they are indexed. */
export async function writeSearchIndex(outDir: string): Promise<number> {
  const { index, errors } = await createIndex({});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  try {
    const added = await index.addDirectory({ path: outDir });
    if (added.errors.length > 0) throw new Error(`Pagefind could not index ${outDir}: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: `${outDir}/pagefind` });
    if (written.errors.length > 0) throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
    return added.page_count;
  } finally {
    await close();
  }
}
