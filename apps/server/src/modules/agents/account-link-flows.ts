import type { Transaction } from '../../db/client.js';

/** A member who registered with the country's double opt-in, as the confirmation mail needs them. */
export type MemberToConfirm = {
  id: number;
  /** The member number: with doubleOpt this mail is where the agent first learns it. */
  number: string;
  email: string;
  countryCode: string;
  languageCode: string;
  firstName: string;
};

/** The member whose password or email changes, as the mails need them. */
export type ChangingMember = {
  id: number;
  email: string;
  firstName: string;
  countryCode: string;
  languageCode: string;
};

/**
 * What registration and the member's own record ask of the emailed-link
 * flows, each in the caller's transaction. The account-links module sits
 * above agents (its links and pages work on members) and supplies them when
 * it is registered: agents never imports account-links.
 */
export type AccountLinkFlows = {
  /** Registration with doubleOpt: a confirmation link, mailed. */
  sendConfirmEmail(tx: Transaction, member: MemberToConfirm): Promise<void>;
  /** After a new password: every other session and every open link of the member ends. */
  endAccessAfterCredentialChange(
    tx: Transaction,
    agentId: number,
    at: Date,
    keepSessionId?: number,
  ): Promise<void>;
  /** The member is told at their address that the password changed. */
  notifyPasswordChanged(tx: Transaction, member: ChangingMember): Promise<void>;
  /** A new email: it becomes the member's through the link mailed to it. */
  requestEmailChange(tx: Transaction, member: ChangingMember, newEmail: string): Promise<void>;
};

/** The slot the account-links module fills (`app.accountLinkFlows.supply`). */
export class AccountLinkFlowsPort {
  private supplied: AccountLinkFlows | undefined;

  supply(flows: AccountLinkFlows): void {
    this.supplied = flows;
  }

  get flows(): AccountLinkFlows {
    if (this.supplied === undefined) {
      throw new Error('The account-links module is not registered: no emailed-link flows');
    }
    return this.supplied;
  }
}
