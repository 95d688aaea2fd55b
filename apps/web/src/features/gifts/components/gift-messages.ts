import { giftMessages, redeemOrderingDisabled } from '@club/contract/gift-rules';
import { useMessageWording } from '../../../shared/use-message-wording';

export type GiftMessage = keyof typeof giftMessages;

/**
 * `(name) => text` of the spec's gift messages (spec 2 §8) in the page's
 * language, by their keys. Each screen's answer carries only its own scope's
 * words (decision 022): on redeem points, ordering's message has a `redeem` key.
 */
export function useGiftMessage(scope: 'gifts' | 'redeem'): (name: GiftMessage) => string {
  const word = useMessageWording();
  return (name) =>
    word(
      scope === 'redeem' && name === 'orderingDisabled'
        ? redeemOrderingDisabled
        : giftMessages[name],
    );
}
