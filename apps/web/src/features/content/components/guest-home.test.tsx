// @vitest-environment jsdom
// Rich text goes through DOMPurify, which supports jsdom but not happy-dom.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makePageAnswer } from '../../../testing/fake-content-api';
import { makeClientLayout, renderScreen } from '../../../testing/render-screen';
import { GuestHome } from './guest-home';

describe('guest home', () => {
  it('welcomes, explains the default description and links to registration and login', () => {
    renderScreen(<GuestHome page={makePageAnswer('home')} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Amadeus+Me');
    expect(screen.getByText(/earns points that you can redeem for gifts/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register as a new user' }).getAttribute('href')).toBe(
      '/eng/registration',
    );
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/eng/login');
  });

  it('shows the page text instead of the default description', () => {
    renderScreen(
      <GuestHome page={makePageAnswer('home', { text: '<p>Our own welcome words.</p>' })} />,
    );
    expect(screen.getByText('Our own welcome words.')).toBeTruthy();
    expect(screen.queryByText(/earns points that you can redeem for gifts/)).toBeNull();
  });

  it('takes its texts from the dictionary', () => {
    renderScreen(
      <GuestHome page={makePageAnswer('home')} />,
      makeClientLayout({
        dictionary: {
          'home.welcome': 'Καλώς ήρθατε',
          'home.register': 'Εγγραφή',
          'home.login': 'Σύνδεση',
        },
      }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Καλώς ήρθατε');
    expect(screen.getByRole('link', { name: 'Εγγραφή' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Σύνδεση' })).toBeTruthy();
  });

  it('marks its arrows decorative so that they flip in right-to-left by style only', () => {
    const { container } = renderScreen(<GuestHome page={makePageAnswer('home')} />);
    const arrows = container.querySelectorAll('svg.guest-home__arrow');
    expect(arrows).toHaveLength(2);
    for (const arrow of arrows) expect(arrow.getAttribute('aria-hidden')).toBe('true');
  });
});
