import { giftMessages } from '@club/contract/gift-rules';
import { useDictionary } from '../../../shared/use-dictionary';

export type GiftMessage = keyof typeof giftMessages;

/**
 * Dictionary key of each of the spec's messages (spec 2 §8), in the scope of
 * the screen showing it (`gifts.*` on the gift list, `redeem.*` on redeem
 * points: each page answer carries only its scope's words, decision 022).
 */
const messageKeys = (scope: 'gifts' | 'redeem'): Record<GiftMessage, string> => ({
  notEnoughPoints: 'redeem.message.notEnoughPoints',
  noGiftSelected: 'redeem.message.noGiftSelected',
  orderingDisabled: `${scope}.message.orderingDisabled`,
  noGifts: 'gifts.message.noGifts',
  addressTooLong: 'redeem.message.addressTooLong',
  addressRequired: 'redeem.message.addressRequired',
});

/**
 * `(name) => text` of the spec's gift messages, translated; and `translate`
 * for a message text that came from the contract's schema or the server
 * (the English text of one of them, or any other text as it is).
 */
export function useGiftMessages(scope: 'gifts' | 'redeem'): {
  message: (name: GiftMessage) => string;
  translate: (english: string) => string;
} {
  const text = useDictionary();
  const keys = messageKeys(scope);
  const message = (name: GiftMessage) => text(keys[name], giftMessages[name]);
  const translate = (english: string) => {
    const name = (Object.keys(giftMessages) as GiftMessage[]).find(
      (key) => giftMessages[key] === english,
    );
    return name ? message(name) : english;
  };
  return { message, translate };
}
