import type { Transaction } from '../../db/client.js';

/** A member whose account has just become active. */
export type WelcomedMember = { id: number; number: string; countryCode: string };

/** What happens when an account becomes active: the points module credits the welcome bonus. */
export type MemberActivation = {
  /** In the activation's transaction; answers the points credited (0 without a welcome rule). */
  welcome: (tx: Transaction, member: WelcomedMember, at: Date) => Promise<number>;
};

/**
 * The slot the points module fills (`app.memberActivation.supply`): agents
 * and account links activate accounts, and points sits above agents, so they
 * reach the welcome bonus through it, not by an import.
 */
export class MemberActivationPort {
  private supplied: MemberActivation | undefined;

  supply(activation: MemberActivation): void {
    this.supplied = activation;
  }

  welcome(tx: Transaction, member: WelcomedMember, at: Date): Promise<number> {
    if (this.supplied === undefined) {
      throw new Error('The points module is not registered: no welcome bonus');
    }
    return this.supplied.welcome(tx, member, at);
  }
}
