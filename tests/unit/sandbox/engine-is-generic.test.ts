/**
 * The engine in src/ serves any API: nothing in it may name the sample (the Caravan Trading
 * Service), its hosts, its tokens, its ids or its error format. The product's own name
 * (`caravan-docs`, `Caravan Docs`, `CARAVAN_DOCS_*`, `caravanDocs`) is fine.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const PRODUCT = /caravan[-_ ]?docs/gi;
const SAMPLE = [
  /caravan/i,
  /trading service/i,
  /sandbox-(trader|viewer|partner)/i,
  /\b(car|lot|man|ord)_\d{3,4}\b/,
  /\bmissing_token\b|\bmalformed_authorization\b|\binvalid_query_parameter\b|\bmalformed_json\b/,
  /\brequest_id\b/,
  /problems\//,
  /\bgazetteer\b|\bcamel_count\b|\bpublished_by\b/i,
];

function files(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('the engine (src/) does not name the sample API', () => {
  it('has no Caravan names, hosts, tokens, ids or error-format fields', () => {
    const found: string[] = [];
    for (const file of files(join(ROOT, 'src'))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const text = line.replace(PRODUCT, '');
          const pattern = SAMPLE.find((candidate) => candidate.test(text));
          if (pattern) found.push(`${relative(ROOT, file)}:${index + 1}: ${line.trim().slice(0, 120)}  (${pattern})`);
        });
    }
    expect(found).toEqual([]);
  });

  it('catches a sample name when one slips in (the check can fail)', () => {
    const text = "const token = 'sandbox-trader'; // https://api.caravan.example".replace(PRODUCT, '');
    expect(SAMPLE.some((pattern) => pattern.test(text))).toBe(true);
    expect(SAMPLE.some((pattern) => pattern.test('import { caravanDocs } from "caravan-docs"; // CARAVAN_DOCS_AUTH'.replace(PRODUCT, '')))).toBe(false);
  });
});
