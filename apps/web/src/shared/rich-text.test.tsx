// @vitest-environment jsdom
// DOMPurify does not support happy-dom (it leaves scripts in place there), so
// the sanitising is proven in jsdom.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fallbackLayout, type ClientLayout } from '@club/contract/client-layout';
import { LayoutContext } from './layout-context';
import { createTestNavigator, TestRouter } from '../testing/test-router';
import { setAppConfigForTests } from '../lib/app-config';
import { RichText } from './rich-text';

const greekLayout: ClientLayout = {
  ...fallbackLayout,
  countryCode: 'gr',
  languageCode: 'ell',
  languageRoute: '/ell',
  routePrefix: '/ell',
};

function renderRichText(html: string, layout: ClientLayout = greekLayout) {
  setAppConfigForTests({ rootDomain: 'club.example' });
  const router = createTestNavigator('/ell');
  const view = render(
    <TestRouter navigator={router}>
      <LayoutContext.Provider value={layout}>
        <RichText html={html} className="content" />
      </LayoutContext.Provider>
    </TestRouter>,
  );
  const root = view.container.querySelector('.content');
  if (!root) throw new Error('no rich text rendered');
  return { router, root };
}

describe('sanitising', () => {
  it('removes scripts, event handlers and javascript: URLs', () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { root } = renderRichText(
      '<p>Hi<script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><div onclick="alert(4)">y</div>',
    );
    expect(root.querySelector('script')).toBeNull();
    expect(root.innerHTML).not.toMatch(/onerror|onclick|javascript:|alert/);
    const image = root.querySelector('img');
    expect(image?.getAttribute('src')).toBe('x');
    expect(image?.hasAttribute('onerror')).toBe(false);
    expect(root.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(alert).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('removes style and form elements but keeps plain markup', () => {
    const { root } = renderRichText(
      '<style>body{display:none}</style><form action="/x"><input name="a"></form><ul><li><strong>Points</strong></li></ul>',
    );
    expect(root.querySelector('style, form, input')).toBeNull();
    expect(root.querySelector('ul li strong')?.textContent).toBe('Points');
  });
});

describe('links', () => {
  it('rewrites in-app links with the current prefix', () => {
    const { root } = renderRichText(
      '<a href="/GR/faq">FAQ</a> <a href="https://gr.club.example/news">News</a> <a href="mailto:club@example.com">Mail</a>',
    );
    const links = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/ell/faq', '/ell/news', 'mailto:club@example.com']);
  });

  it('opens other sites safely', () => {
    const { root } = renderRichText(
      '<a href="https://other.example/" target="_blank" data-app-link>Other</a>',
    );
    const link = root.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://other.example/');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.hasAttribute('data-app-link')).toBe(false);
  });

  it('navigates inside the app on a plain click', async () => {
    const { router } = renderRichText('<p>See <a href="/faq"><span>the FAQ</span></a></p>');
    const notPrevented = fireEvent.click(screen.getByText('the FAQ'));
    expect(notPrevented).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ell/faq'));
  });

  it('leaves modifier clicks and external links to the browser', async () => {
    const { router } = renderRichText(
      '<a href="/faq">FAQ</a> <a href="https://other.example/">Other</a> <a href="/news" target="_blank">News</a>',
    );
    expect(fireEvent.click(screen.getByText('FAQ'), { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByText('FAQ'), { metaKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByText('FAQ'), { shiftKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByText('Other'))).toBe(true);
    expect(fireEvent.click(screen.getByText('News'))).toBe(true);
    // A navigation would have loaded and been shown by the next macrotask.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.location.pathname).toBe('/ell');
  });
});
