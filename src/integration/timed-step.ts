import type { AstroIntegrationLogger } from 'astro';

/**
 * Runs one step at the end of the build, then logs what it did and how long it took, e.g.
 * "Search index: 1000 pages (1.9 s)." The site bench reads these lines as the build's phases.
 */
export async function timedStep<T>(logger: AstroIntegrationLogger, label: string, step: () => T | Promise<T>, summary: (result: T) => string): Promise<T> {
  const started = performance.now();
  const result = await step();
  logger.info(`${label}: ${summary(result)} (${seconds(performance.now() - started)}).`);
  return result;
}

/** "0.4 s", "12.3 s". Pure. */
export function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}
