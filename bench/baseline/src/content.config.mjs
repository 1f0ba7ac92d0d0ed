// The corpus folder comes from BASELINE_CONTENT_DIR (bench/site.ts sets it to content/1.0 of the corpus).
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';

const base = process.env.BASELINE_CONTENT_DIR;
if (!base) throw new Error('Set BASELINE_CONTENT_DIR to the folder holding the Markdown pages.');

export const collections = {
  docs: defineCollection({ loader: glob({ base, pattern: '**/*.md' }) }),
};
