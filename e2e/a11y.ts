import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** What axe checks: WCAG 2.1 A and AA (contrast, labels, names, ARIA). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's browser build, read once per worker. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core run in the page itself, injected once per document. (@axe-core/playwright's AxeBuilder injects the
 * 500 KB script on every call and, to merge frames, opens a blank page, injects it there again and finishes the
 * run in it: on this app, which has no frames, that doubled the browser tests' time.) Only violations are
 * collected (`resultTypes`), which spares axe listing every passing node.
 */
async function runAxe(page: Page): Promise<AxeResults['violations']> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations;
  }, TAGS);
}

/** Waits until no CSS animation or transition runs (antd's motions), checked each frame, for at most 2 s. */
async function settled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const until = performance.now() + 2000;
        const look = () => {
          const moving = document.getAnimations().some((a) => a.playState === 'running');
          if (!moving || performance.now() > until) resolve();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(() => requestAnimationFrame(look));
      }),
  );
}

const serious = (violations: AxeResults['violations']) =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`));

/**
 * The serious and critical accessibility problems of the page as it is now (axe-core), one line each.
 * Measured once the screen has settled; a problem found is measured again once more after settling,
 * since a notice that arrives during the check (a live notification) is caught half faded in.
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await settled(page);
  const first = serious(await runAxe(page));
  if (!first.length) return first;
  await settled(page);
  return serious(await runAxe(page));
}

/**
 * Zero serious or critical axe-core violations on the screen shown: call it after each navigation
 * (`await expectAccessible(page)`), once the screen's content is visible.
 */
export async function expectAccessible(page: Page) {
  const problems = await accessibilityProblems(page);
  expect(problems, `accessibility of ${page.url()}`).toEqual([]);
}
