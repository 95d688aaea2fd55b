import { useId } from 'react';
import { quantityOptions } from '@club/contract/gift-rules';
import type { Gift } from '@club/contract/gifts';
import { RichText } from '../../../shared/rich-text';
import { useDictionary } from '../../../shared/use-dictionary';
import { GiftImage } from '../components/gift-image';
import { useFormatNumber } from '../../../shared/use-format-number';
import { useWording } from '../../../shared/wording';

/**
 * A gift card (spec 2 §2.4 "Gift list"): image or the default icon, name,
 * points, the quantity select `sel_gifts[id]` (0 to 10, capped by stock),
 * the partner's link and the gift's text.
 */
export function GiftCard({
  gift,
  quantity,
  onQuantity,
  onFocusCard,
}: {
  gift: Gift;
  quantity: number;
  onQuantity: (quantity: number) => void;
  onFocusCard?: () => void;
}) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const wording = useWording();
  const id = useId();
  return (
    <li className="gift-card" aria-labelledby={`${id}-name`} onFocus={onFocusCard}>
      <GiftImage src={gift.img} />
      <h2 className="gift-card__name" id={`${id}-name`}>
        {gift.description}
      </h2>
      <p className="gift-card__points">
        {wording.text('gifts.pointsValue', '{points, plural, one {# point} other {# points}}', {
          points: gift.points,
        })}
      </p>
      <div className="gift-card__quantity">
        <label htmlFor={`${id}-quantity`}>
          {text('gifts.quantity', 'Quantity')}
          <span className="visually-hidden"> {gift.description}</span>
        </label>
        <select
          id={`${id}-quantity`}
          name={`sel_gifts[${gift.id}]`}
          value={quantity}
          onChange={(event) => onQuantity(Number(event.target.value))}
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
}
