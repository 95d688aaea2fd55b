import { memo, useId } from 'react';
import { quantityOptions } from '@club/contract/gift-rules';
import type { Gift } from '@club/contract/gifts';
import { RichText } from '../../../shared/rich-text';
import { useDictionary } from '../../../shared/use-dictionary';
import { GiftImage } from '../components/gift-image';
import { useFormatNumber } from '../../../shared/use-format-number';
import { useWording } from '../../../shared/wording';

/**
 * A gift card (spec 2 §2.4 "Gift list"): image or the default icon, name,
 * points (and, above the member's points, how many more they need), the quantity select `sel_gifts[id]` (0 to 10, capped by stock),
 * the partner's link and the gift's text.
 *
 * Memoised: choosing one card's quantity renders that card and the total,
 * not every card of the list (the list passes stable callbacks).
 */
export const GiftCard = memo(function GiftCard({
  gift,
  quantity,
  available,
  onQuantity,
  onFocusCard,
}: {
  gift: Gift;
  quantity: number;
  /** The member's available points: a gift above them is marked with the points still needed. */
  available: number;
  /** Called with the gift's ID and its new quantity. */
  onQuantity: (giftId: number, quantity: number) => void;
  onFocusCard?: () => void;
}) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const wording = useWording();
  const id = useId();
  const needed = gift.points - available;
  return (
    <li
      className={needed > 0 ? 'gift-card gift-card--unaffordable' : 'gift-card'}
      aria-labelledby={`${id}-name`}
      onFocus={onFocusCard}
    >
      <GiftImage src={gift.img} alt={gift.imgAlt} />
      <h2 className="gift-card__name" id={`${id}-name`}>
        {gift.description}
      </h2>
      <p className="gift-card__points">
        {wording.text('gifts.pointsValue', '{points, plural, one {# point} other {# points}}', {
          points: gift.points,
        })}
      </p>
      {needed > 0 ? (
        <p className="gift-card__needed" id={`${id}-needed`}>
          {text('gifts.pointsNeeded', '{points} more points needed').replace(
            '{points}',
            formatNumber(needed),
          )}
        </p>
      ) : null}
      <div className="gift-card__quantity">
        <label htmlFor={`${id}-quantity`}>
          {text('gifts.quantity', 'Quantity')}
          <span className="visually-hidden"> {gift.description}</span>
        </label>
        <select
          id={`${id}-quantity`}
          name={`sel_gifts[${gift.id}]`}
          aria-describedby={needed > 0 ? `${id}-needed` : undefined}
          value={quantity}
          onChange={(event) => onQuantity(gift.id, Number(event.target.value))}
        >
          {quantityOptions(gift.stock).map((option) => (
            <option key={option} value={option}>
              {formatNumber(option)}
            </option>
          ))}
        </select>
      </div>
      {gift.link !== '' ? (
        <p className="gift-card__link">
          <a href={gift.link} target="_blank" rel="noopener noreferrer">
            {text('gifts.moreAbout', 'More about this gift')}
            <span className="visually-hidden">
              {' '}
              {gift.description} {text('gifts.opensNewWindow', '(opens in a new window)')}
            </span>
          </a>
        </p>
      ) : null}
      {gift.text !== '' ? <RichText className="gift-card__text" html={gift.text} /> : null}
    </li>
  );
});
