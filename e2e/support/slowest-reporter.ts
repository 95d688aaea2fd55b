import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints, after the run, the journeys that took longest and the time all
 * journeys took together: where the end-to-end suite's minutes go.
 */
export default class SlowestReporter implements Reporter {
  private readonly durations: { title: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    this.durations.push({ title: test.titlePath().slice(1).join(' › '), ms: result.duration });
  }

  onEnd(result: FullResult): void {
    const total = this.durations.reduce((sum, { ms }) => sum + ms, 0);
    const slowest = [...this.durations].sort((a, b) => b.ms - a.ms).slice(0, 12);
    console.log(
      `\nJourneys: ${this.durations.length}, ${(total / 1000).toFixed(0)} s in all ` +
        `(${(result.duration / 1000).toFixed(0)} s of wall time); the slowest:`,
    );
    for (const { title, ms } of slowest)
      console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${title}`);
  }
}
