import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { Footer } from './footer';
import {
  happyDom,
  makeLayout,
  renderWithLayout,
  setDocumentHeight,
  stubResizeObserver,
} from '../../testing/shell-test-utils';

function footer() {
  return screen.getByRole('contentinfo');
}

describe('Footer', () => {
  afterEach(() => {
    happyDom().setViewport({ width: 1024, height: 768 });
    setDocumentHeight(0);
    vi.unstubAllGlobals();
  });

  it('shows the copyright line from the dictionary', () => {
    renderWithLayout(<Footer pageName="home" />, {
      layout: makeLayout({ dictionary: { 'footer.copyright': '© 2025 The Club' } }),
    });
    expect(footer().textContent).toContain('© 2025 The Club');
  });

  it('links to the privacy policy in a new tab and to the cookies policy', () => {
    renderWithLayout(<Footer pageName="home" />);
    const privacy = screen.getByRole('link', { name: /Privacy Policy/ });
    expect(privacy.getAttribute('href')).toBe('/eng/privacy-policy');
    expect(privacy.getAttribute('target')).toBe('_blank');
    expect(privacy.getAttribute('rel')).toBe('noopener');
    expect(privacy.textContent).toContain('opens in a new tab');
    const cookies = screen.getByRole('link', { name: 'Cookies Policy' });
    expect(cookies.getAttribute('href')).toBe('/eng/cookies-policy');
    expect(cookies.getAttribute('target')).toBeNull();
  });

  it('sends the privacy-policy link to the address content gives: another site as it is', () => {
    renderWithLayout(<Footer pageName="home" />, {
      layout: makeLayout({ privacyPolicyUrl: 'https://privacy.example.org/club' }),
    });
    const privacy = screen.getByRole('link', { name: /Privacy Policy/ });
    expect(privacy.getAttribute('href')).toBe('https://privacy.example.org/club');
    expect(privacy.getAttribute('target')).toBe('_blank');
    expect(privacy.getAttribute('rel')).toBe('noopener');
  });

  it('keeps a privacy-policy path of the club in the app, with the language', () => {
    renderWithLayout(<Footer pageName="home" />, {
      layout: makeLayout({ privacyPolicyUrl: '/terms-and-conditions' }),
    });
    const privacy = screen.getByRole('link', { name: /Privacy Policy/ });
    expect(privacy.getAttribute('href')).toBe('/eng/terms-and-conditions');
  });

  it('has no links when the menu is hidden', () => {
    renderWithLayout(<Footer pageName="home" />, { layout: makeLayout({ menuHidden: true }) });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(footer().textContent).toContain('Amadeus+Me');
  });

  it('has no links without a layout (no country code)', () => {
    renderWithLayout(<Footer pageName="home" />, { layout: makeLayout({ countryCode: '' }) });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('is taller when the page is more than twice the window height at 991 px or less', () => {
    // Checked when the browser reports the page laid out, never by forcing a layout.
    const layoutDone = stubResizeObserver();
    happyDom().setViewport({ width: 991, height: 600 });
    setDocumentHeight(1201);
    renderWithLayout(<Footer pageName="home" />);
    expect(layoutDone.observed()).toEqual([document.body]);
    expect(footer().classList.contains('site-footer--tall')).toBe(false);
    act(() => layoutDone.report());
    expect(footer().classList.contains('site-footer--tall')).toBe(true);
  });

  it('is not taller on wide windows or short pages', () => {
    const layoutDone = stubResizeObserver();
    happyDom().setViewport({ width: 992, height: 600 });
    setDocumentHeight(3000);
    renderWithLayout(<Footer pageName="home" />);
    act(() => layoutDone.report());
    expect(footer().classList.contains('site-footer--tall')).toBe(false);

    happyDom().setViewport({ width: 800, height: 600 });
    setDocumentHeight(1200);
    fireEvent(window, new Event('resize'));
    expect(footer().classList.contains('site-footer--tall')).toBe(false);
  });

  it('re-checks on resize', () => {
    const layoutDone = stubResizeObserver();
    happyDom().setViewport({ width: 1200, height: 600 });
    setDocumentHeight(3000);
    renderWithLayout(<Footer pageName="home" />);
    act(() => layoutDone.report());
    expect(footer().classList.contains('site-footer--tall')).toBe(false);

    happyDom().setViewport({ width: 700, height: 600 });
    fireEvent(window, new Event('resize'));
    expect(footer().classList.contains('site-footer--tall')).toBe(true);
  });

  it('re-checks when the page grows, as on a page change', () => {
    const layoutDone = stubResizeObserver();
    happyDom().setViewport({ width: 700, height: 600 });
    setDocumentHeight(900);
    const { rerender } = renderWithLayout(<Footer pageName="home" />);
    act(() => layoutDone.report());
    expect(footer().classList.contains('site-footer--tall')).toBe(false);

    setDocumentHeight(2400);
    rerender(<Footer pageName="faq" />);
    act(() => layoutDone.report());
    expect(footer().classList.contains('site-footer--tall')).toBe(true);
  });

  it('checks at once where the browser has no resize observer', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    happyDom().setViewport({ width: 700, height: 600 });
    setDocumentHeight(2400);
    renderWithLayout(<Footer pageName="home" />);
    expect(footer().classList.contains('site-footer--tall')).toBe(true);
  });
});
