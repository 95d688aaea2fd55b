import type { Transaction } from '../../db/client.js';

/**
 * How the decision maker's opt-in link of an enrol request is made, in the
 * caller's transaction: the URL to mail. The agencies module sits above
 * offices (its links and state changes are of offices) and supplies it when
 * it is registered: offices never imports agencies.
 */
export type IssueOptInLink = (tx: Transaction, officeId: string, now: number) => Promise<string>;

/** The slot the agencies module fills (`app.officeOptInLinks.supply`). */
export class OptInLinksPort {
  private issue: IssueOptInLink | undefined;

  supply(issue: IssueOptInLink): void {
    this.issue = issue;
  }

  optInLink(tx: Transaction, officeId: string, now: number): Promise<string> {
    if (this.issue === undefined) {
      throw new Error('The agencies module is not registered: no opt-in links');
    }
    return this.issue(tx, officeId, now);
  }
}
