import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { Page } from 'playwright-core';

// Evaluated through the browser's debugging protocol rather than added as a <script>: the app's
// Content-Security-Policy refuses inline scripts, and browser tests fail on the violation.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

// WCAG 2.0 A and AA rules; only serious and critical findings fail the test.
export async function seriousViolations(page: Page) {
  // Mantine's transitions (modals fade in) would give axe half-transparent colours.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
    }),
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.join(' '),
        failure: node.failureSummary,
      })),
    }));
}
