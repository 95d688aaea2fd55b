import { memo, useEffect, useState, type ReactNode } from 'react';
import { Link } from '../../shared/navigation/link';
import type { HeaderImage } from '@club/contract/layout';
import { useLayout } from '../../shared/layout-context';
import { dictionaryText } from '../../lib/dictionary';
import { ChevronIcon } from './icons';
import { prefersReducedMotion } from './reduced-motion';
import './header-banner.css';

export const fallbackBannerImage = '/media/banners/fallback.svg';
export const bannerAutoAdvanceMs = 6000;

/** Shown when the layout has no banner images. */
export const defaultBanner: HeaderImage = {
  url: null,
  target: '_self',
  image: '/media/banners/default.svg',
  imageMobile: '/media/banners/default.svg',
  imageMacbook: '/media/banners/default.svg',
  alt: '',
};

function SlideLink({ slide, children }: { slide: HeaderImage; children: ReactNode }) {
  const { url, target } = slide;
  if (!url) return children;
  const inApp = url.startsWith('/') && !url.startsWith('//') && target !== '_blank';
  if (inApp) {
    return (
      <Link to={url} className="banner__link">
        {children}
      </Link>
    );
  }
  return (
    <a
      href={url}
      target={target}
      rel={target === '_blank' ? 'noopener' : undefined}
      className="banner__link"
    >
      {children}
    </a>
  );
}

function SlideImage({
  slide,
  first,
  failed,
  onError,
}: {
  slide: HeaderImage;
  first: boolean;
  failed: boolean;
  onError: () => void;
}) {
  if (failed) return <img className="banner__image" src={fallbackBannerImage} alt={slide.alt} />;
  return (
    <picture>
      <source media="(max-width: 767px)" srcSet={slide.imageMobile} />
      <img
        className="banner__image"
        src={slide.image}
        srcSet={`${slide.imageMobile} 640w, ${slide.image} 1120w, ${slide.imageMacbook} 2240w`}
        sizes="100vw"
        alt={slide.alt}
        loading={first ? 'eager' : 'lazy'}
        decoding="async"
        onError={onError}
      />
    </picture>
  );
}

/**
 * Header banner slideshow (spec 1 §2): one `<picture>` per slide (mobile
 * source up to 767 px, widths 640/1120/2240), a default banner when the layout
 * has none, a fallback image when one fails. Auto-advance every 6 s pauses on
 * hover and focus, can be stopped, and is off with reduced motion. `small`
 * is a low strip (members' pages, when content says so).
 */
export const HeaderBanner = memo(function HeaderBanner({ small = false }: { small?: boolean }) {
  const layout = useLayout();
  const slides = layout.headerImagesSrcSet.length > 0 ? layout.headerImagesSrcSet : [defaultBanner];
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [reducedMotion] = useState(prefersReducedMotion);
  const current = index % count;
  const rotating = count > 1 && !reducedMotion && !stopped;
  const paused = hovered || focused;

  useEffect(() => {
    if (!rotating || paused) return;
    const timer = window.setInterval(
      () => setIndex((value) => (value + 1) % count),
      bannerAutoAdvanceMs,
    );
    return () => window.clearInterval(timer);
  }, [rotating, paused, count]);

  const text = (key: string, fallback: string) => dictionaryText(layout.dictionary, key, fallback);
  const show = (next: number) => setIndex((next + count) % count);

  return (
    <section
      className={small ? 'banner banner--small' : 'banner'}
      aria-roledescription="carousel"
      aria-label={text('banner.label', 'Highlights')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      {count > 1 ? (
        <div className="banner__controls">
          {reducedMotion ? null : (
            <button
              type="button"
              className="banner__rotation"
              onClick={() => setStopped((value) => !value)}
            >
              {stopped
                ? text('banner.play', 'Start slide show')
                : text('banner.stop', 'Stop slide show')}
            </button>
          )}
          <button
            type="button"
            className="banner__step banner__step--previous"
            aria-label={text('banner.previous', 'Previous slide')}
            onClick={() => show(current - 1)}
          >
            <ChevronIcon />
          </button>
          <button
            type="button"
            className="banner__step banner__step--next"
            aria-label={text('banner.next', 'Next slide')}
            onClick={() => show(current + 1)}
          >
            <ChevronIcon />
          </button>
        </div>
      ) : null}
      <div className="banner__slides" aria-live={rotating && !paused ? 'off' : 'polite'}>
        {slides.map((slide, position) => {
          const key = `${position}:${slide.image}`;
          return (
            <div
              key={key}
              className="banner__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} / ${count}`}
              hidden={position !== current}
            >
              <SlideLink slide={slide}>
                <SlideImage
                  slide={slide}
                  first={position === 0}
                  failed={failed.has(key)}
                  onError={() => setFailed((value) => new Set(value).add(key))}
                />
              </SlideLink>
            </div>
          );
        })}
      </div>
    </section>
  );
});
