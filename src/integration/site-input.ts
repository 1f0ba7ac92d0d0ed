import type { AstroIntegrationLogger } from 'astro';
import { DocsInputError, type DocsWarning } from '../config/errors.ts';
import { loadSite, type LoadedSite } from '../config/load.ts';
import { checkDescriptions } from './check-descriptions.ts';
import { datedModel } from '../model/page-dates.ts';
import { fileDates } from './page-dates-fs.ts';
import { terminalMessage } from './input-errors.ts';

/** The docs root as the integration reads it when Astro sets up: the site, its readers, and what to warn about. */
export interface SiteInput {
  resolved: LoadedSite;
  warnings: DocsWarning[];
}

/** One dev server's memory across its restarts (Astro loads the config, and this module, afresh on each). */
export interface DevSession {
  /** The last input that loaded: served while a mistake is being fixed. */
  lastGood?: SiteInput;
  /** The mistake the browser's error overlay shows until it is fixed. */
  error?: DocsInputError | undefined;
}

const SESSIONS = Symbol.for('caravan-docs.dev-sessions');

export function devSession(docsRoot: string): DevSession {
  const holder = globalThis as { [SESSIONS]?: Map<string, DevSession> };
  const sessions = (holder[SESSIONS] ??= new Map());
  let session = sessions.get(docsRoot);
  if (!session) sessions.set(docsRoot, (session = {}));
  return session;
}

/**
 * Reads the docs root. A writer's mistake is printed once, as the file, line, field and fix, and
 * never reaches Astro, which would frame it as an unhandled error with a stack trace: a build
 * (or the first start of the dev server) exits with code 1 before anything is written; a dev
 * server that already runs keeps the last working site and shows the mistake in the browser.
 */
export function readSiteInput(docsRoot: string, command: string, logger: AstroIntegrationLogger): SiteInput {
  const session = command === 'dev' ? devSession(docsRoot) : undefined;
  try {
    const loaded = loadSite(docsRoot);
    const resolved = { ...loaded, model: datedModel(loaded.model, fileDates(docsRoot)) };
    const input = { resolved, warnings: [...resolved.warnings, ...checkDescriptions(resolved.model, docsRoot)] };
    if (session) Object.assign(session, { lastGood: input, error: undefined });
    return input;
  } catch (error) {
    if (!(error instanceof DocsInputError)) throw error;
    logger.error(terminalMessage(error, docsRoot));
    if (session?.lastGood) {
      session.error = error;
      logger.warn('The dev server goes on with the last working version of the site; the browser shows this mistake until it is fixed.');
      // Its warnings were printed when it loaded.
      return { ...session.lastGood, warnings: [] };
    }
    process.exit(1);
  }
}
