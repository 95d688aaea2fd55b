import { describe, expect, it } from 'vitest';
import { fallbackLayout } from '@club/contract/client-layout';
import { fallbackLanguageCode, fallbackLayoutIn } from './fallback-layout';

describe('the language of the page without a layout', () => {
  it("takes the address's prefix first, then the language last chosen", () => {
    expect(fallbackLanguageCode(['ara', 'deu'], ['el-GR'])).toBe('ara');
    expect(fallbackLanguageCode([undefined, 'deu'], ['el-GR'])).toBe('deu');
  });

  it("takes the first of the browser's languages the club speaks, else English", () => {
    expect(fallbackLanguageCode([undefined, null], ['fr-FR', 'el-GR', 'de'])).toBe('ell');
    expect(fallbackLanguageCode([undefined, null], ['fr-FR'])).toBe('eng');
    expect(fallbackLanguageCode(['xyz'], [])).toBe('eng');
  });

  it('words the layout in that language and direction', () => {
    const arabic = fallbackLayoutIn(fallbackLayout, 'ara');
    expect(arabic).toMatchObject({ languageCode: 'ara', languageShortCode: 'ar', isRtl: true });
    expect(arabic.dictionary['error.tryAgain']).toBe('إعادة المحاولة');
    expect(fallbackLayoutIn(fallbackLayout, 'eng')).toBe(fallbackLayout);
  });
});
