import type { GiftText } from '@club/contract/staff-gifts';
import type { CategoryLanguage } from '@club/contract/staff-gift-categories';

type ImageAltFieldsProps = {
  /** The country's language codes, its default first. */
  languages: string[];
  /** The languages' own names and directions, by code, when known. */
  names: Record<string, CategoryLanguage>;
  texts: Record<string, GiftText>;
  errors: Record<string, string>;
  onChange: (language: string, imageAlt: string) => void;
};

/**
 * The gift image's alt text in every language of the country, next to the
 * image: members' screen readers read it for the image; empty marks an image
 * that only decorates (the gift's name is said beside it anyway).
 */
export function ImageAltFields({ languages, names, texts, errors, onChange }: ImageAltFieldsProps) {
  return (
    <fieldset className="gift-alt-texts" aria-describedby="gift-alt-hint">
      <legend>Image alt text</legend>
      <p id="gift-alt-hint" className="hint">
        Say what the image shows that the gift’s name and text do not (required then). Leave it
        empty when the image only decorates.
      </p>
      {languages.map((language) => {
        const key = `texts.${language}.imageAlt`;
        const known = names[language];
        const errorId = `gift-alt-${language}-error`;
        return (
          <div className="field" key={language}>
            <label htmlFor={`gift-alt-${language}`}>Alt text in {known?.name ?? language}</label>
            <input
              id={`gift-alt-${language}`}
              lang={known?.shortCode}
              dir={known?.isRtl ? 'rtl' : undefined}
              maxLength={300}
              value={texts[language]?.imageAlt ?? ''}
              onChange={(event) => onChange(language, event.target.value)}
              aria-invalid={errors[key] ? true : undefined}
              aria-describedby={errors[key] ? errorId : undefined}
            />
            {errors[key] && (
              <p id={errorId} className="field-error">
                {errors[key]}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
