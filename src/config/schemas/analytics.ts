import { z } from 'zod';

const https = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

const plausible = z.strictObject({
  provider: z.literal('plausible'),
  domain: z.string().min(1).describe('The site as registered in Plausible (its `data-domain`), like docs.example.com.'),
  src: https.optional().describe('The script of a self-hosted Plausible (default https://plausible.io/js/script.js).'),
});

const umami = z.strictObject({
  provider: z.literal('umami'),
  websiteId: z.string().min(1).describe('The website id Umami gives the site (`data-website-id`).'),
  src: https.optional().describe('The tracker script (default https://cloud.umami.is/script.js; a self-hosted Umami serves its own).'),
});

const googleAnalytics = z.strictObject({
  provider: z.literal('google-analytics'),
  measurementId: z.string().regex(/^G-[A-Z0-9]+$/, { error: 'must be a Google Analytics 4 measurement id, like G-ABC123XYZ' }).describe('The GA4 measurement id (G-…).'),
});

const posthog = z.strictObject({
  provider: z.literal('posthog'),
  apiKey: z.string().regex(/^phc_\w+$/, { error: 'must be a PostHog project API key, like phc_abc123' }).describe('The project API key (phc_…): public by design, it is in every page.'),
  host: https.default('https://us.i.posthog.com').describe('The PostHog instance: https://us.i.posthog.com, https://eu.i.posthog.com, or a self-hosted or proxied one.'),
});

const analyticsProviderSchema = z.discriminatedUnion('provider', [plausible, umami, googleAnalytics, posthog]);

/** `analytics:` of site.yml. */
export const analyticsSchema = z
  .array(analyticsProviderSchema)
  .max(4)
  .default([])
  .describe('Analytics providers, each loaded as it documents and added to the Content-Security-Policy; page views, and feedback, searches (with their number of results), code copies, console sends (method and path) and 404s as custom events. None by default: nothing is sent.');

/** `privacy:` of site.yml. */
export const privacySchema = z
  .strictObject({
    respectDoNotTrack: z.boolean().default(true).describe('Load no analytics provider for a reader whose browser sends Do Not Track or Global Privacy Control.'),
  })
  .prefault({})
  .describe('What the site does for readers who asked not to be tracked.');
