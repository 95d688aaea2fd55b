import { useState } from 'react';
import { HeaderImagesBodySchema, type HeaderImage } from '@club/contract/staff-content';
import { Field, TextField } from '../../../lib/ui/field';
import { ListEditor } from '../list-editor';
import { PublishState } from '../publish-state';
import { useChange } from '../use-change';
import { useEdits } from '../../../lib/unsaved-changes';
import { dirOf, type SectionProps } from './section-props';

const imageFields = [
  ['image', 'Image, 1120 × 420'],
  ['imageMobile', 'Image for phones, 640 × 360'],
  ['imageMacbook', 'Image for wide screens, 2240 × 560'],
] as const;

/** The banner slides of the header, in order. */
export function BannersSection({ country, content, canEdit }: SectionProps) {
  const [items, setItems] = useState<HeaderImage[]>(content.headerImages);
  const edits = useEdits(items, content.headerImages);
  const change = useChange(country.code);
  const error = (index: number, field: string) => change.fieldErrors[`items.${index}.${field}`];
  return (
    <form
      aria-labelledby="banners-title"
      onSubmit={(event) => {
        event.preventDefault();
        void change
          .send(HeaderImagesBodySchema, { items }, (body) => ({
            method: 'PUT',
            path: `${content.countryCode}/${content.languageCode}/banners`,
            body,
          }))
          .then((published) => published && edits.savedAs(items));
      }}
    >
      <h2 id="banners-title">Banners</h2>
      <p className="hint">Images are addresses under /media/ (content/media in the files).</p>
      <ListEditor
        caption="Banner slides, in order"
        items={items}
        onChange={setItems}
        newItem={(): HeaderImage => ({
          url: null,
          target: '_self',
          image: '',
          imageMobile: '',
          imageMacbook: '',
          alt: '',
        })}
        rowName={(item, index) => item.alt || `slide ${index + 1}`}
        disabled={!canEdit}
        addLabel="Add a slide"
        renderFields={(item, index, update) => (
          <>
            <TextField
              label={`Text for screen readers, slide ${index + 1}`}
              value={item.alt}
              dir={dirOf(content.isRtl)}
              error={error(index, 'alt')}
              onChange={(event) => update({ ...item, alt: event.target.value })}
            />
            <TextField
              label={`Link of slide ${index + 1} (optional)`}
              value={item.url ?? ''}
              dir="ltr"
              error={error(index, 'url')}
              onChange={(event) => update({ ...item, url: event.target.value || null })}
            />
            <Field label={`Slide ${index + 1} opens`}>
              {(control) => (
                <select
                  {...control}
                  value={item.target}
                  onChange={(event) =>
                    update({ ...item, target: event.target.value as HeaderImage['target'] })
                  }
                >
                  <option value="_self">In the same window</option>
                  <option value="_blank">In a new window</option>
                </select>
              )}
            </Field>
            {imageFields.map(([field, label]) => (
              <TextField
                key={field}
                label={`${label}, slide ${index + 1}`}
                value={item[field]}
                dir="ltr"
                error={error(index, field)}
                onChange={(event) => update({ ...item, [field]: event.target.value })}
              />
            ))}
          </>
        )}
      />
      {canEdit && <button type="submit">Publish the banners</button>}
      <PublishState {...change} />
    </form>
  );
}
