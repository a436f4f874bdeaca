import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What axe checks: WCAG 2.1 A and AA (contrast, labels, names, ARIA). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical accessibility problems of the page as it is now (axe-core), one line each. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // a screen still loading, or a notice/menu still fading in, is measured once it has settled
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 350))));
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`));
}

/**
 * Zero serious or critical axe-core violations on the screen shown: call it after each navigation
 * (`await expectAccessible(page)`), once the screen's content is visible.
 */
export async function expectAccessible(page: Page) {
  const problems = await accessibilityProblems(page);
  expect(problems, `accessibility of ${page.url()}`).toEqual([]);
}
