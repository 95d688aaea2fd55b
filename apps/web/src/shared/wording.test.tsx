import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ClientLayout } from '@club/contract/client-layout';
import { makeClientLayout, renderScreen } from '../testing/render-screen';
import { LocaleDate } from './locale-date';
import { loadMessageFormat, useWording } from './wording';

const pointsValue = 'gifts.pointsValue';
const englishPoints = '{points, plural, one {# point} other {# points}}';

function Counts({ counts }: { counts: number[] }) {
  const wording = useWording();
  return (
    <ul>
      {counts.map((points) => (
        <li key={points}>{wording.text(pointsValue, englishPoints, { points })}</li>
      ))}
    </ul>
  );
}

function wordedCounts(counts: number[], layout: ClientLayout) {
  renderScreen(<Counts counts={counts} />, layout);
  return screen.getAllByRole('listitem').map((item) => item.textContent);
}

const greek = makeClientLayout({
  languageCode: 'ell',
  languageShortCode: 'el',
  dictionary: { [pointsValue]: '{points, plural, one {# πόντος} other {# πόντοι}}' },
});
const german = makeClientLayout({
  countryCode: 'at',
  languageCode: 'deu',
  languageShortCode: 'de',
  dictionary: { [pointsValue]: '{points, plural, one {# Punkt} other {# Punkte}}' },
});
const arabic = makeClientLayout({
  countryCode: 'ae',
  languageCode: 'ara',
  languageShortCode: 'ar',
  isRtl: true,
  dictionary: {
    [pointsValue]:
      '{points, plural, zero {لا نقاط} one {نقطة واحدة} two {نقطتان} few {# نقاط} many {# نقطة} other {# نقطة}}',
  },
});

describe('counted words in the member’s language', () => {
  it('words English "1 point" and "2 points", with the page’s number symbols', async () => {
    await loadMessageFormat();
    expect(wordedCounts([1, 2, 1500], makeClientLayout())).toEqual([
      '1 point',
      '2 points',
      '1,500 points',
    ]);
  });

  it('words Greek and German one and other forms', async () => {
    await loadMessageFormat();
    expect(wordedCounts([1, 2, 1500], greek)).toEqual(['1 πόντος', '2 πόντοι', '1.500 πόντοι']);
    document.body.innerHTML = '';
    expect(wordedCounts([1, 2], german)).toEqual(['1 Punkt', '2 Punkte']);
  });

  it('words Arabic’s six forms: 0, 1, 2, 3, 11 and 100', async () => {
    await loadMessageFormat();
    expect(wordedCounts([0, 1, 2, 3, 11, 100], arabic)).toEqual([
      'لا نقاط',
      'نقطة واحدة',
      'نقطتان',
      '3 نقاط',
      '11 نقطة',
      '100 نقطة',
    ]);
  });

  it('puts elements where their placeholders stand', async () => {
    await loadMessageFormat();
    function Lapse() {
      const wording = useWording();
      return (
        <p>
          {wording.nodes(
            'pointsStatus.nextLapse',
            '{points, plural, one {# point lapses} other {# points lapse}} on {date}.',
            { points: 1, date: <LocaleDate value="2027-01-23" /> },
          )}
        </p>
      );
    }
    renderScreen(<Lapse />, makeClientLayout({ countryCode: 'cy' }));
    expect(screen.getByText(/lapses/).textContent).toBe('1 point lapses on 23 January 2027.');
    expect(screen.getByText('23 January 2027').getAttribute('datetime')).toBe('2027-01-23');
  });
});

describe('dates in the member’s language', () => {
  const written = (layout: ClientLayout) => {
    renderScreen(
      <p>
        <LocaleDate value="2027-01-23" />
        {' / '}
        <LocaleDate value="2027-03-05" style="short" />
      </p>,
      layout,
    );
    return screen.getByText('/', { exact: false }).textContent;
  };

  it('writes dates with the language’s month names, not ISO', () => {
    expect(written(greek)).toBe('23 Ιανουαρίου 2027 / 5 Μαρ 2027');
    document.body.innerHTML = '';
    expect(written(german)).toBe('23. Jänner 2027 / 5. März 2027');
    document.body.innerHTML = '';
    expect(written(arabic)).toMatch(/^(23|٢٣) يناير (2027|٢٠٢٧) \/ (5|٥) مارس (2027|٢٠٢٧)$/);
    document.body.innerHTML = '';
    expect(written(makeClientLayout({ countryCode: 'ae' }))).toBe('23 January 2027 / 5 Mar 2027');
  });
});
