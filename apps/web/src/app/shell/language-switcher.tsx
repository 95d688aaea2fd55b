import { Link } from '../../shared/navigation/link';
import { useLocation } from '../../shared/navigation/navigator-router';
import { useLayout } from '../../shared/layout-context';
import { languageSwitchPath } from '../../shared/paths';
import { writeStoredValue } from '../../lib/client-storage';
import { dictionaryText } from '../../lib/dictionary';
import { ChevronIcon, GlobeIcon } from './icons';
import { useDisclosure } from './use-disclosure';
import './language-switcher.css';

/** Two-letter tags for `lang`/`hreflang` of the three-letter codes the layout uses. */
const languageTags: Readonly<Record<string, string>> = {
  ara: 'ar',
  bul: 'bg',
  ces: 'cs',
  dan: 'da',
  deu: 'de',
  ell: 'el',
  eng: 'en',
  est: 'et',
  fin: 'fi',
  fra: 'fr',
  heb: 'he',
  hrv: 'hr',
  hun: 'hu',
  ita: 'it',
  lav: 'lv',
  lit: 'lt',
  nld: 'nl',
  nor: 'no',
  pol: 'pl',
  por: 'pt',
  ron: 'ro',
  rus: 'ru',
  slk: 'sk',
  slv: 'sl',
  spa: 'es',
  srp: 'sr',
  swe: 'sv',
  tur: 'tr',
  ukr: 'uk',
};

export function languageTag(code: string): string {
  return languageTags[code] ?? code;
}

/**
 * Dropdown of the layout's languages by native title, the current one left
 * out (spec 1 §2). Links keep the page and the layout's route query params.
 */
export function LanguageSwitcher({ pageName }: { pageName: string }) {
  const layout = useLayout();
  const location = useLocation();
  const { open, setOpen, panelId: listId, rootProps, buttonProps } = useDisclosure();

  if (layout.languageSelectHidden || layout.languages.length <= 1) return null;

  const others = layout.languages.filter(
    (language) => !language.isCurrent && language.code !== layout.languageCode,
  );
  const label = dictionaryText(layout.dictionary, 'language.select', 'Select language');

  return (
    <div className="language-switcher" {...rootProps}>
      <button className="language-switcher__button" {...buttonProps}>
        <GlobeIcon />
        <span className="visually-hidden">{label}: </span>
        <span
          className="language-switcher__current"
          lang={layout.languageShortCode || languageTag(layout.languageCode)}
        >
          {layout.currentLanguageNativeTitle || layout.languageCode}
        </span>
        {/* Shown instead of the name (language-switcher.css); part of the button's name too. */}
        <span className="language-switcher__code">
          {(layout.languageShortCode || languageTag(layout.languageCode)).toUpperCase()}
        </span>
        <ChevronIcon className="icon language-switcher__chevron" />
      </button>
      <ul id={listId} className="language-switcher__list" hidden={!open}>
        {others.map((language) => (
          <li key={language.code}>
            <Link
              className="language-switcher__option"
              to={languageSwitchPath(layout, language.code, pageName, location.search)}
              lang={languageTag(language.code)}
              hrefLang={languageTag(language.code)}
              onClick={() => {
                setOpen(false);
                // The next visit without a language in the address opens in this one.
                writeStoredValue('language', language.code);
              }}
            >
              {language.nativeTitle}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
