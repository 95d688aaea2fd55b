/**
 * The words of the page shown when the layout itself cannot be loaded (its
 * dictionary is not there): the error banner, "Try again" and the offline
 * notice, per language of the club, with the language's direction.
 * fallback-words.test.ts keeps them equal to the demo content's dictionary.
 */
export type FallbackLanguage = {
  shortCode: string;
  isRtl: boolean;
  words: Record<'error.servicesUnavailable' | 'error.tryAgain' | 'error.offline', string>;
};

export const fallbackLanguages: Record<string, FallbackLanguage> = {
  ell: {
    shortCode: 'el',
    isRtl: false,
    words: {
      'error.servicesUnavailable': 'Οι υπηρεσίες δεν είναι διαθέσιμες. Δοκιμάστε ξανά αργότερα',
      'error.tryAgain': 'Δοκιμάστε ξανά',
      'error.offline':
        'Δεν υπάρχει σύνδεση στο διαδίκτυο. Η σελίδα θα φορτωθεί ξανά μόλις αποκατασταθεί η σύνδεση.',
    },
  },
  deu: {
    shortCode: 'de',
    isRtl: false,
    words: {
      'error.servicesUnavailable':
        'Die Dienste sind derzeit nicht verfügbar. Bitte versuchen Sie es später erneut',
      'error.tryAgain': 'Erneut versuchen',
      'error.offline':
        'Sie sind offline. Die Seite wird erneut geladen, sobald die Verbindung wieder besteht.',
    },
  },
  ara: {
    shortCode: 'ar',
    isRtl: true,
    words: {
      'error.servicesUnavailable': 'الخدمات غير متاحة حاليًا. يرجى المحاولة لاحقًا',
      'error.tryAgain': 'إعادة المحاولة',
      'error.offline': 'أنت غير متصل بالإنترنت. سيُعاد تحميل الصفحة فور عودة الاتصال.',
    },
  },
};
