import { existsSync } from 'node:fs';
import { chromium, type LaunchOptions } from '@playwright/test';

/** Flags that let Chromium run headless on machines with no network but loopback. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Playwright's own Chromium when installed, else the system one (Debian's `chromium`). */
export function chromiumLaunchOptions(): LaunchOptions {
  const bundled = safeExecutablePath();
  const executablePath = process.env.CHROMIUM_PATH ?? (bundled && existsSync(bundled) ? undefined : '/usr/bin/chromium');
  return { ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS };
}

function safeExecutablePath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
