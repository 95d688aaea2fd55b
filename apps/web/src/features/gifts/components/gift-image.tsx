/**
 * A gift's image, or the default gift icon when it has none. The image's alt
 * text is the one staff gave it in the page's language; without one (or with
 * an empty one) it only decorates: the card's heading names the gift.
 */
export function GiftImage({ src, alt }: { src: string; alt?: string | undefined }) {
  if (src !== '')
    return (
      <img className="gift-card__image" src={src} alt={alt ?? ''} loading="lazy" decoding="async" />
    );
  return (
    <svg
      className="gift-card__image gift-card__image--default"
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
      data-testid="default-gift-icon"
    >
      <rect
        x="7"
        y="18"
        width="34"
        height="24"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
      />
      <rect
        x="4"
        y="12"
        width="40"
        height="8"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
      />
      <path d="M24 12v30" stroke="currentColor" strokeWidth="3" />
      <path
        d="M24 12c-3-6-11-7-11-2s8 2 11 2c3 0 11 3 11-2s-8-4-11 2z"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
      />
    </svg>
  );
}
