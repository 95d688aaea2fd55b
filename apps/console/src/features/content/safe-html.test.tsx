import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html';

describe('content HTML in the preview', () => {
  it('keeps the simple tags and safe links', () => {
    const { container } = render(
      <SafeHtml html={'<p>Read <strong>the</strong> <a href="/faq">questions</a></p>'} />,
    );
    expect(container.innerHTML).toBe(
      '<p>Read <strong>the</strong> <a href="/faq" target="_blank" rel="noreferrer">questions</a></p>',
    );
  });

  it('shows scripts, handlers and script links as nothing more than their text', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">go</a><div onclick="x()">text</div>'
        }
      />,
    );
    expect(container.querySelector('img, script, [onclick], [href^="javascript"]')).toBeNull();
    expect(container.textContent).toBe('alert(2)gotext');
  });
});
