import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readStoredValue } from '../../lib/client-storage';
import { LanguageSwitcher } from './language-switcher';
import { makeLayout, renderWithLayout } from '../../testing/shell-test-utils';

const threeLanguages = makeLayout({
  languages: [
    { code: 'ell', nativeTitle: 'Ελληνικά', isCurrent: false },
    { code: 'eng', nativeTitle: 'English', isCurrent: true },
    { code: 'deu', nativeTitle: 'Deutsch', isCurrent: false },
  ],
});

function switcherButton() {
  return screen.getByRole('button', { name: 'Select language: English EN' });
}

describe('LanguageSwitcher', () => {
  it('is a closed disclosure naming the current language', () => {
    renderWithLayout(<LanguageSwitcher pageName="home" />);
    expect(switcherButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists the other languages by native title, the current one left out', async () => {
    renderWithLayout(<LanguageSwitcher pageName="home" />, { layout: threeLanguages });
    await userEvent.click(switcherButton());
    expect(switcherButton().getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('list');
    expect(list.id).toBe(switcherButton().getAttribute('aria-controls'));
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Ελληνικά', 'Deutsch']);
    expect(links.map((link) => link.getAttribute('lang'))).toEqual(['el', 'de']);
  });

  it('keeps the page and the layout route query params in its links', async () => {
    renderWithLayout(<LanguageSwitcher pageName="faq" />, {
      layout: threeLanguages,
      path: '/eng/faq?agency=12&utm=x&agency=13',
    });
    await userEvent.click(switcherButton());
    expect(screen.getByRole('link', { name: 'Ελληνικά' }).getAttribute('href')).toBe(
      '/faq?agency=12&agency=13',
    );
    expect(screen.getByRole('link', { name: 'Deutsch' }).getAttribute('href')).toBe(
      '/deu/faq?agency=12&agency=13',
    );
  });

  it('keeps the country route and switches home to the empty path', async () => {
    renderWithLayout(<LanguageSwitcher pageName="home" />, {
      layout: { ...threeLanguages, countryRoute: '/gr', routePrefix: '/gr/eng' },
      path: '/gr/eng',
    });
    await userEvent.click(switcherButton());
    expect(screen.getByRole('link', { name: 'Ελληνικά' }).getAttribute('href')).toBe('/gr');
  });

  it('navigates and closes when a language is chosen', async () => {
    renderWithLayout(<LanguageSwitcher pageName="news" />, { path: '/eng/news' });
    await userEvent.click(switcherButton());
    await userEvent.click(screen.getByRole('link', { name: 'Ελληνικά' }));
    expect(screen.getByTestId('location').textContent).toBe('/news');
    expect(screen.queryByRole('list')).toBeNull();
    // Remembered for the next visit.
    expect(readStoredValue('language')).toBe('ell');
  });

  it('is hidden when the layout hides it', () => {
    renderWithLayout(<LanguageSwitcher pageName="home" />, {
      layout: makeLayout({ languageSelectHidden: true }),
    });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is hidden when only one language exists', () => {
    renderWithLayout(<LanguageSwitcher pageName="home" />, {
      layout: makeLayout({ languages: [{ code: 'eng', nativeTitle: 'English', isCurrent: true }] }),
    });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('closes on Escape, returning focus to the button', async () => {
    renderWithLayout(<LanguageSwitcher pageName="home" />);
    await userEvent.click(switcherButton());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('list')).toBeNull();
    expect(switcherButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(switcherButton());
  });

  it('closes on a click outside but not on a click inside', async () => {
    renderWithLayout(<LanguageSwitcher pageName="home" />);
    await userEvent.click(switcherButton());
    fireEvent.pointerDown(screen.getByRole('list'));
    expect(screen.getByRole('list')).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('uses the dictionary label', () => {
    renderWithLayout(<LanguageSwitcher pageName="home" />, {
      layout: makeLayout({ dictionary: { 'language.select': 'Γλώσσα' } }),
    });
    expect(screen.getByRole('button', { name: 'Γλώσσα: English EN' })).toBeTruthy();
  });
});
