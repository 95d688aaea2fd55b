import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { makeClientLayout, renderScreen } from '../../testing/render-screen';
import { RemarkCard } from './remark-card';

const earning = {
  segmentPoints: { air: 7, hotel: 10, car: 10, rail: 12 },
  creditLifetimeYears: 3,
};

/** The page's clipboard for one test: what was written, or a refusal. */
function stubClipboard(refuse = false) {
  const written: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: (value: string) => {
        if (refuse) return Promise.reject(new Error('NotAllowedError'));
        written.push(value);
        return Promise.resolve();
      },
    },
  });
  return written;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.useRealTimers();
});

describe('the booking remark card', () => {
  it('shows RM*AMA and the number with its space as one left-to-right value, and where it goes', () => {
    renderScreen(<RemarkCard memberNumber="1000003" />, makeClientLayout({ earning }));
    const card = screen.getByRole('region', { name: 'Your booking remark' });
    const remark = card.querySelector('code');
    expect(remark?.textContent).toBe('RM*AMA 1000003');
    // The whole remark is isolated, not only the number: RM*AMA stays first on a right-to-left page.
    const isolated = within(card).getByText('RM*AMA 1000003');
    expect(isolated.getAttribute('dir')).toBe('ltr');
    expect(within(card).getByText(/^Type it in the remarks of every booking/)).toBeTruthy();
  });

  it("lists what each segment earns in the member's country, as the server's layout says", () => {
    renderScreen(<RemarkCard memberNumber="1000003" />, makeClientLayout({ earning }));
    const table = screen.getByRole('table', { name: 'What each segment earns' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Segment', 'Points'],
      ['Air', '7'],
      ['Hotel', '10'],
      ['Car', '10'],
      ['Rail', '12'],
    ]);
  });

  it('lists the campaigns running today by their names, with what they add', () => {
    renderScreen(
      <RemarkCard memberNumber="1000003" />,
      makeClientLayout({
        earning: {
          ...earning,
          campaigns: [
            {
              name: 'March hotels',
              segmentTypes: ['hotel'],
              multiplier: 2,
              points: null,
              to: null,
            },
            { name: 'Car weeks', segmentTypes: ['car'], multiplier: null, points: 50, to: null },
          ],
        },
      }),
    );
    const card = screen.getByRole('region', { name: 'Your booking remark' });
    expect(within(card).getByRole('heading', { name: 'Running campaigns' })).toBeTruthy();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['March hotels ×2', 'Car weeks +50']);
  });

  it('shows no campaigns when none runs', () => {
    renderScreen(<RemarkCard memberNumber="1000003" />, makeClientLayout({ earning }));
    expect(screen.queryByRole('heading', { name: 'Running campaigns' })).toBeNull();
  });

  it('names the segments in the page language and shows no figures the server did not send', () => {
    const { unmount } = renderScreen(
      <RemarkCard memberNumber="1000003" />,
      makeClientLayout({
        earning,
        dictionary: { 'points.kind.air': 'Πτήση', 'earning.earnsCaption': 'Τι κερδίζει' },
      }),
    );
    expect(
      within(screen.getByRole('table', { name: 'Τι κερδίζει' })).getByRole('rowheader', {
        name: 'Πτήση',
      }),
    ).toBeTruthy();
    unmount();
    renderScreen(<RemarkCard memberNumber="1000003" />, makeClientLayout());
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('copies the remark exactly and announces it, then reads as before', async () => {
    const written = stubClipboard();
    vi.useFakeTimers();
    renderScreen(<RemarkCard memberNumber="1000003" />, makeClientLayout({ earning }));
    const button = screen.getByRole('button', { name: 'Copy the remark' });
    // The button says which remark it copies.
    expect(
      document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('RM*AMA 1000003');
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    await act(async () => {
      fireEvent.click(button);
      await Promise.resolve();
    });
    expect(written).toEqual(['RM*AMA 1000003']);
    expect(status.textContent).toBe('Copied');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(status.textContent).toBe('');
  });

  it('selects the remark and says so when the browser refuses the clipboard', async () => {
    stubClipboard(true);
    renderScreen(
      <RemarkCard memberNumber="1000003" />,
      makeClientLayout({ earning, dictionary: { 'earning.copyFailed': 'Nicht kopiert.' } }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy the remark' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('status').textContent).toBe('Nicht kopiert.');
    expect(window.getSelection()?.toString()).toBe('RM*AMA 1000003');
  });
});
