import type { SiteConfig } from '../config/schemas/site.ts';

/** The feedback control shows when it is on and its answers go somewhere: an analytics provider or the site's collector. */
export function feedbackShown(config: Pick<SiteConfig, 'feedback' | 'analytics'>): boolean {
  return config.feedback.enabled && (config.analytics.length > 0 || config.feedback.endpoint !== undefined);
}
