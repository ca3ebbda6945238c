import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const colourModes = ['light', 'dark'] as const;
export type ColourMode = (typeof colourModes)[number];

/** The WCAG 2.1 A/AA rules and axe's best practices: the set every check of the site uses. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe on `page`, collecting the nodes of violations only: passes and incomplete results then carry
 * one node each instead of every node of the page. It changes no verdict. One side-by-side run on
 * /guides/contexts took 17.5 s with all results and 9.7 s with this; the accessibility project's
 * total in CI did not change measurably (361 s before, 374 s after): the colour checks dominate.
 *
 * `axe.run` in the page itself (AxeBuilder's legacy mode) rather than `runPartial` in each frame
 * and `finishRun` in a blank page opened for every check: the split exists to reach frames of
 * other origins, and the site has no frames (and loads nothing from another origin, which
 * tests/support/fixtures.ts fails). Same rules, same verdicts (the same passes on three routes
 * side by side); the blank page cost 0.5–2 s per check, most of a check on a short page.
 */
export const axeOn = (page: Page): AxeBuilder =>
  new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode();

/** Switches the page's colour mode as the theme does, and waits for its transitions to end. */
export async function setColourMode(page: Page, mode: ColourMode): Promise<void> {
  await page.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * axe's violations in each colour mode, on the whole page or within `include`, one line each
 * (`[mode] rule: targets`): a test expects the list to be empty.
 */
export async function axeInBothModes(page: Page, include?: string): Promise<string[]> {
  const found: string[] = [];
  for (const mode of colourModes) {
    await setColourMode(page, mode);
    const axe = axeOn(page).withTags(axeTags);
    if (include) axe.include(include);
    const { violations } = await axe.analyze();
    found.push(
      ...violations.map((v) => `[${mode}] ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
    );
  }
  return found;
}
