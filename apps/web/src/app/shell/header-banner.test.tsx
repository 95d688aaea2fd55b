import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { HeaderImage } from '@club/contract/layout';
import { bannerAutoAdvanceMs, fallbackBannerImage, HeaderBanner } from './header-banner';
import { happyDom, makeLayout, renderWithLayout } from '../../testing/shell-test-utils';

function slide(name: string, extra: Partial<HeaderImage> = {}): HeaderImage {
  return {
    url: null,
    target: '_self',
    image: `/media/banners/${name}.jpg`,
    imageMobile: `/media/banners/${name}-640.jpg`,
    imageMacbook: `/media/banners/${name}-2240.jpg`,
    alt: `Slide ${name}`,
    ...extra,
  };
}

const threeSlides = makeLayout({ headerImagesSrcSet: [slide('a'), slide('b'), slide('c')] });

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function visibleSlide() {
  return screen.getByRole('group').getAttribute('aria-label');
}

describe('HeaderBanner', () => {
  afterEach(() => {
    vi.useRealTimers();
    happyDom().settings.device.prefersReducedMotion = 'no-preference';
  });

  it('is a carousel region of labelled slides', () => {
    renderWithLayout(<HeaderBanner />, { layout: threeSlides });
    const region = screen.getByRole('region', { name: 'Highlights' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const group = screen.getByRole('group');
    expect(group.getAttribute('aria-roledescription')).toBe('slide');
    expect(group.getAttribute('aria-label')).toBe('1 / 3');
  });

  it('renders a picture with a mobile source and the 640/1120/2240 widths', () => {
    const { container } = renderWithLayout(<HeaderBanner />, { layout: threeSlides });
    const source = container.querySelector('source')!;
    expect(source.getAttribute('media')).toBe('(max-width: 767px)');
    expect(source.getAttribute('srcset')).toBe('/media/banners/a-640.jpg');
    const image = screen.getByRole('img', { name: 'Slide a' });
    expect(image.getAttribute('src')).toBe('/media/banners/a.jpg');
    expect(image.getAttribute('srcset')).toBe(
      '/media/banners/a-640.jpg 640w, /media/banners/a.jpg 1120w, /media/banners/a-2240.jpg 2240w',
    );
    expect(image.getAttribute('sizes')).toBe('100vw');
  });

  it('shows a default banner when the layout has no images', () => {
    const { container } = renderWithLayout(<HeaderBanner />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/banners/default.svg');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the fallback image when an image fails to load', () => {
    const { container } = renderWithLayout(<HeaderBanner />, { layout: threeSlides });
    fireEvent.error(screen.getByRole('img', { name: 'Slide a' }));
    const image = screen.getByRole('img', { name: 'Slide a' });
    expect(image.getAttribute('src')).toBe(fallbackBannerImage);
    expect(image.hasAttribute('srcset')).toBe(false);
    expect(container.querySelector('.banner__slide:not([hidden]) picture')).toBeNull();
  });

  it('steps with the previous and next buttons, wrapping around', () => {
    renderWithLayout(<HeaderBanner />, { layout: threeSlides });
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlide()).toBe('2 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleSlide()).toBe('3 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlide()).toBe('1 / 3');
  });

  it('labels its buttons from the dictionary', () => {
    renderWithLayout(<HeaderBanner />, {
      layout: {
        ...threeSlides,
        dictionary: { 'banner.previous': 'Zurück', 'banner.next': 'Weiter' },
      },
    });
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeTruthy();
  });

  it('advances every 6 s, pausing while hovered', () => {
    vi.useFakeTimers();
    renderWithLayout(<HeaderBanner />, { layout: threeSlides });
    advance(bannerAutoAdvanceMs);
    expect(visibleSlide()).toBe('2 / 3');

    fireEvent.mouseEnter(screen.getByRole('region'));
    advance(bannerAutoAdvanceMs * 2);
    expect(visibleSlide()).toBe('2 / 3');

    fireEvent.mouseLeave(screen.getByRole('region'));
    advance(bannerAutoAdvanceMs);
    expect(visibleSlide()).toBe('3 / 3');
  });

  it('pauses while it holds focus and can be stopped', () => {
    vi.useFakeTimers();
    renderWithLayout(<HeaderBanner />, { layout: threeSlides });
    const stop = screen.getByRole('button', { name: 'Stop slide show' });
    act(() => {
      stop.focus();
    });
    advance(bannerAutoAdvanceMs * 2);
    expect(visibleSlide()).toBe('1 / 3');

    fireEvent.click(stop);
    act(() => {
      stop.blur();
    });
    advance(bannerAutoAdvanceMs * 2);
    expect(visibleSlide()).toBe('1 / 3');
    expect(screen.getByRole('button', { name: 'Start slide show' })).toBeTruthy();
  });

  it('does not advance with reduced motion', () => {
    happyDom().settings.device.prefersReducedMotion = 'reduce';
    vi.useFakeTimers();
    renderWithLayout(<HeaderBanner />, { layout: threeSlides });
    advance(bannerAutoAdvanceMs * 3);
    expect(visibleSlide()).toBe('1 / 3');
    expect(screen.queryByRole('button', { name: 'Stop slide show' })).toBeNull();
  });

  it('makes slides with a url links, honouring the target', () => {
    renderWithLayout(<HeaderBanner />, {
      layout: makeLayout({
        headerImagesSrcSet: [
          slide('a', { url: 'https://travel.example/offer', target: '_blank' }),
          slide('b', { url: '/eng/news' }),
        ],
      }),
    });
    const external = screen.getByRole('link', { name: 'Slide a' });
    expect(external.getAttribute('href')).toBe('https://travel.example/offer');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener');

    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    const inApp = screen.getByRole('link', { name: 'Slide b' });
    expect(inApp.getAttribute('href')).toBe('/eng/news');
    expect(inApp.getAttribute('target')).toBeNull();
  });
});
