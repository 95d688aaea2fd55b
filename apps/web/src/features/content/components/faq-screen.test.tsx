// @vitest-environment jsdom
// Rich text goes through DOMPurify, which supports jsdom but not happy-dom.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { CommonStateProvider } from '../../../shared/common-state';
import { makePageAnswer } from '../../../testing/fake-content-api';
import { renderScreen as renderInLayout } from '../../../testing/render-screen';
import { FaqScreen } from './faq-screen';

/** A guest's FAQ (the screen reads the user, for the points side panel). */
const renderScreen = (ui: ReactElement) =>
  renderInLayout(<CommonStateProvider>{ui}</CommonStateProvider>);

const items = [
  { number: 1, title: 'How do I earn points?', text: '<p>Book segments.</p>' },
  { number: 2, title: 'Do points expire?', text: '<p>After three years.</p>' },
  { number: 3, title: 'Where are the rules?', text: '<p>See <a href="/GR/faq">the rules</a>.</p>' },
];

const toggles = () => screen.getAllByRole('button');

describe('FAQ accordion', () => {
  it('starts closed, with each question a button that controls its answer', () => {
    renderScreen(<FaqScreen page={makePageAnswer('faq', { title: 'FAQ', faqItems: items })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('FAQ');
    expect(toggles()).toHaveLength(3);
    for (const button of toggles()) {
      expect(button.getAttribute('aria-expanded')).toBe('false');
      const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(panel?.hidden).toBe(true);
      expect(panel?.getAttribute('aria-labelledby')).toBe(button.id);
    }
  });

  it('opens one item at a time and closes it again', () => {
    renderScreen(<FaqScreen page={makePageAnswer('faq', { faqItems: items })} />);
    const [first, second] = toggles();
    if (!first || !second) throw new Error('missing toggles');
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Book segments.')).toBeTruthy();
    fireEvent.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(toggles().filter((b) => b.getAttribute('aria-expanded') === 'true')).toHaveLength(1);
    fireEvent.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('false');
  });

  it('rewrites links in the answers', () => {
    renderScreen(<FaqScreen page={makePageAnswer('faq', { faqItems: items })} />);
    const third = toggles()[2];
    if (!third) throw new Error('missing toggle');
    fireEvent.click(third);
    const panel = document.getElementById(third.getAttribute('aria-controls') ?? '');
    expect(
      within(panel as HTMLElement)
        .getByText('the rules')
        .getAttribute('href'),
    ).toBe('/eng/faq');
  });

  it('shows the default nine questions when the page has none, and the post text', () => {
    renderScreen(
      <FaqScreen page={makePageAnswer('faq', { title: '', postText: '<p>Still unsure?</p>' })} />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Frequently asked questions',
    );
    expect(toggles()).toHaveLength(9);
    expect(screen.getByText('Still unsure?')).toBeTruthy();
  });
});
