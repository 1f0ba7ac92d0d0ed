import { z } from 'zod';
import { parseCssColor } from '../../theme/colors.ts';
import { accentPalette, type AccentPalette } from '../../theme/accent.ts';

const cssColor = z.string().refine((text) => parseCssColor(text) !== undefined, {
  error: 'is not a colour this generator can read',
  params: { hint: 'write it as hex (#1d4ed8), rgb(29 78 216), hsl(224 76% 48%) or oklch(0.49 0.22 264).' },
});

/** A file of the site's `public/` (written from its root, like `/logo.svg`) or an https URL. */
const assetPath = z.string().regex(/^(?:\/[^\s?#]*[^/\s?#]|https:\/\/\S+)$/, {
  error: 'must be a file in public/ written from the site root (like /logo.svg) or an https:// URL',
});

const logoObject = z.strictObject({
  src: assetPath.describe('The logo: a file in public/ (`/logo.svg`) or an https URL.'),
  dark: assetPath.optional().describe('The logo on the dark scheme, when it differs.'),
  alt: z.string().optional().describe("The logo's text alternative when it replaces the title (defaults to the site title); beside the title it is decorative."),
  replacesTitle: z.boolean().default(false).describe("Show the logo alone, without the site title beside it (the title stays the link's accessible name)."),
});

/** `theme:` of site.yml. */
export const themeSchema = z
  .strictObject({
    accent: cssColor
      .optional()
      .describe('The brand colour (a CSS colour: hex, rgb(), hsl() or oklch()): buttons, the current sidebar entry, focus rings. Refused, with the nearest colour that passes, when it cannot reach WCAG AA (4.5:1).'),
    accentDark: cssColor.optional().describe('The accent on the dark scheme; derived from `accent` (same hue, lightened to the same contrast) when absent.'),
    logo: z
      .union([assetPath.transform((src): z.output<typeof logoObject> => ({ src, replacesTitle: false })), logoObject])
      .optional()
      .describe('A logo in the header: a file in public/ (written from the site root, like `/logo.svg`) or an https URL, or `{ src, dark, alt, replacesTitle }`.'),
    favicon: assetPath.optional().describe("The favicon: a file in public/ or an https URL (default: public/favicon.svg, else the engine's)."),
    customCss: z
      .array(z.string().regex(/^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$)).+\.css$/, { error: 'must be a .css file inside the site folder, written relative to it (like styles/brand.css)' }))
      .default([])
      .describe("CSS files of the site (paths relative to the site folder, like styles/brand.css), loaded after the engine's styles."),
  })
  .superRefine((theme, context) => {
    if (theme.accent === undefined) {
      if (theme.accentDark !== undefined) context.addIssue({ code: 'custom', path: ['accentDark'], message: 'is set without `accent`.', params: { hint: 'set `theme.accent` (the light scheme\'s colour) too, or remove `accentDark`.' } });
      return;
    }
    if (parseCssColor(theme.accent) === undefined || (theme.accentDark !== undefined && parseCssColor(theme.accentDark) === undefined)) return;
    const result = accentPalette(theme.accent, theme.accentDark);
    if ('problem' in result) {
      const { key, problem, suggestion } = result.problem;
      context.addIssue({ code: 'custom', path: [key], message: problem, params: { hint: suggestion ? `use ${suggestion}, the nearest colour of the same hue that passes${key === 'accent' ? '' : ' on the dark scheme'}.` : 'choose a colour with more contrast.' } });
    }
  })
  // Both schemes' accent and text colours, worked out once (the refinement above has checked they pass).
  .transform((theme) => {
    const result = theme.accent === undefined ? undefined : accentPalette(theme.accent, theme.accentDark);
    const palette: AccentPalette | undefined = result && 'palette' in result ? result.palette : undefined;
    return { ...theme, palette };
  })
  .prefault({})
  .describe('Colours, logo, favicon and extra CSS.');

