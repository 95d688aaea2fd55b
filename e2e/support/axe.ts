import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type AxeFinding = { page: string; report: string };

/** The page's WCAG 2.2 AA violations, each with its rule, help, targets and summary. */
export async function axeViolations(page: Page, label: string): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(wcagTags)
    // Only the violations carry every node: the run is faster.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map((violation) => ({
    page: label,
    report: [
      `${violation.id} (${violation.impact ?? 'no impact given'}): ${violation.help}`,
      ...violation.nodes.map(
        (node) =>
          `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
      ),
    ].join('\n'),
  }));
}

/** A failure message that lists every finding. */
export function readableFindings(findings: AxeFinding[]): string {
  return `${findings.length} violation(s)\n${findings
    .map((finding) => `[${finding.page}] ${finding.report}`)
    .join('\n')}`;
}

export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const findings = await axeViolations(page, label);
  expect(findings, readableFindings(findings)).toHaveLength(0);
}
