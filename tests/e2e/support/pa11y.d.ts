// pa11y ships no types; the part of its API the accessibility checks use.
declare module 'pa11y' {
  interface Pa11yIssue {
    code: string;
    type: 'error' | 'warning' | 'notice';
    message: string;
    selector: string;
    context: string;
    runner: string;
    /** The axe runner's: `needsFurtherReview` marks what axe left for review (its incomplete results). */
    runnerExtras?: { needsFurtherReview?: boolean };
  }
  interface Pa11yOptions {
    runners?: string[];
    standard?: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
    chromeLaunchConfig?: { executablePath?: string; args?: string[] };
    actions?: string[];
    timeout?: number;
    viewport?: { width: number; height: number };
    wait?: number;
  }
  export default function pa11y(url: string, options?: Pa11yOptions): Promise<{ documentTitle: string; pageUrl: string; issues: Pa11yIssue[] }>;
}
