import { expect, type Locator, type Page } from '@playwright/test';

/** The console titled `name` on the current page, once its sandbox is ready to Send. */
export async function readyConsole(page: Page, name: string): Promise<Locator> {
  const console = page.getByRole('region', { name: `Try it: ${name}`, exact: true });
  await expect(console).toHaveAttribute('data-ready', '', { timeout: 15_000 });
  return console;
}
