import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { transitionsDone } from './browser';

// WCAG 2.1 level A and AA, as the accessibility statement (docs/accessibility.md) claims.
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules switched off, each with why. Empty: every WCAG 2.1 A/AA rule axe has runs on every screen.
 * A rule added here must say why it cannot apply (not that it is hard to fix) and be named in the
 * statement's "not yet" list.
 */
export const DISABLED_RULES: Record<string, string> = {};

const BLOCKING = new Set(['serious', 'critical']);

const AXE_MIN_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core into the page once per document (minified). AxeBuilder sends its whole source (1.5 MB)
 * twice a scan and the page parses it each time: about half a CPU-second a scan, two thirds of a
 * small page's scan (CONTRIBUTING.md, "Tests"). Given a no-op `axeSource`, it runs the axe there.
 */
async function axeInPage(page: Page): Promise<string> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_MIN_SOURCE);
  return 'void 0';
}

/**
 * axe's WCAG 2.1 A/AA findings of impact serious or critical on the page as it is now (or inside
 * `within`, a CSS selector: a dialog or a menu), one line each: `label: rule (impact) targets`.
 */
export async function axeFindings(page: Page, label: string, within?: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself; the default opens a blank page per scan to merge the
  // frames' results, which took 2.3 s a scan against 1.0 s (measured here). The app has no iframes.
  let builder = new AxeBuilder({ page, axeSource: await axeInPage(page) })
    .withTags(WCAG_21_AA)
    .disableRules(Object.keys(DISABLED_RULES))
    .setLegacyMode(true)
    // only the violations come back: axe skips collecting and serialising the passes' nodes
    .options({ resultTypes: ['violations'] });
  if (within) builder = builder.include(within);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes
          .slice(0, 4)
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.split('\n').slice(1, 2).join('').trim()}]` : ''}`,
          )
          .join(' | ')}`,
    );
}

/** Waits for the page to stop loading and moving (lazy chunks, fades), then runs axe. */
export async function axeSettled(page: Page, label: string, within?: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await transitionsDone(page);
  return axeFindings(page, label, within);
}

/**
 * axe on what is open now (a dialog, a menu) at the page's width, then again with the same page
 * at the other width (a phone's 375 px, or 1440 px when it is a phone), then the width back: both
 * widths without opening it twice.
 */
export async function axeBothWidths(page: Page, label: string, within?: string): Promise<string[]> {
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  const other = size.width < 960 ? { width: 1440, height: 900 } : { width: 375, height: 812 };
  const found = await axeSettled(page, `${label} @${size.width}`, within);
  await page.setViewportSize(other);
  found.push(...(await axeSettled(page, `${label} @${other.width}`, within)));
  await page.setViewportSize(size);
  return found;
}
