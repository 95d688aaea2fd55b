import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useEdits } from '../../lib/unsaved-changes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GIFT_IMAGE_MAX_BYTES,
  GiftEditSchema,
  type GiftText,
  type StaffGiftCatalogue,
  type StaffGiftDetail,
} from '@club/contract/staff-gifts';
import { StaffApiError, staffCall } from '../../lib/staff-api';
import { usePageTitle } from '../../lib/page-title';
import { useBackToList } from '../../lib/list-return';
import { hasRole, useStaff } from '../../lib/staff-session';
import { StockChange } from './stock-change';
import { base64Of, catalogueQuery, giftQuery } from './gifts-api';
import { categoriesQuery } from './categories/categories-api';
import { ImageAltFields } from './image-alt-fields';
import { useGiftCountry } from './use-country';
import { languageName } from '../../lib/names';

type Draft = {
  category: string;
  points: string;
  stock: string;
  active: boolean;
  image: string;
  link: string;
  texts: Record<string, GiftText>;
};

const draftOf = (gift: StaffGiftDetail | undefined, catalogue: StaffGiftCatalogue): Draft => ({
  category: gift?.category ?? catalogue.categories[0]?.id ?? '',
  points: String(gift?.points ?? ''),
  stock: '',
  active: gift?.active ?? true,
  image: gift?.image ?? '',
  link: gift?.link ?? '',
  texts: Object.fromEntries(
    catalogue.languages.map((language) => [
      language,
      gift?.texts[language] ?? { description: '', text: '', imageAlt: '' },
    ]),
  ),
});

/** Creates or edits a gift: words per language in tabs, points, category, image; stock apart. */
export function GiftEditor() {
  const { id } = useParams();
  const [country] = useGiftCountry();
  const gift = useQuery({ ...giftQuery(id ?? ''), enabled: id !== undefined });
  const countryCode = gift.data?.countryCode ?? country;
  const catalogue = useQuery(catalogueQuery(countryCode));
  usePageTitle(id === undefined ? 'New gift' : `Gift ${id}`);
  if ((id !== undefined && gift.isPending) || catalogue.isPending) {
    return <p role="status">Loading the gift…</p>;
  }
  if (gift.isError || catalogue.isError || catalogue.data === undefined) {
    return (
      <>
        <h1>{id === undefined ? 'New gift' : `Gift ${id}`}</h1>
        <p role="alert" className="form-error">
          There is no such gift in your countries.
        </p>
      </>
    );
  }
  return (
    <GiftForm
      key={gift.data?.id ?? 'new'}
      gift={gift.data}
      catalogue={catalogue.data}
      countryCode={countryCode}
    />
  );
}

function GiftForm({
  gift,
  catalogue,
  countryCode,
}: {
  gift: StaffGiftDetail | undefined;
  catalogue: StaffGiftCatalogue;
  countryCode: string;
}) {
  const staff = useStaff();
  const mayEdit = hasRole(staff, ['admin', 'manager']);
  const navigate = useNavigate();
  const client = useQueryClient();
  // Back returns to the list as it was filtered (low stock, inactive), else the country's list.
  const back = useBackToList('..', `?country=${countryCode}`);
  const [draft, setDraft] = useState(() => draftOf(gift, catalogue));
  // Changes not yet saved: leaving asks first.
  const edits = useEdits(draft, draft);
  const [tab, setTab] = useState(catalogue.languages[0] ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // The languages' own names, for the alt text fields' labels (the codes until they load).
  const categories = useQuery(categoriesQuery(countryCode));
  const languageNames = Object.fromEntries(
    (categories.data?.languages ?? []).map((language) => [language.code, language]),
  );
  const defaultName = draft.texts[catalogue.languages[0] ?? '']?.description ?? '';

  const save = useMutation({
    mutationFn: (body: unknown) =>
      gift === undefined
        ? staffCall<StaffGiftDetail>('POST', '/s2c/staff/v1/gifts', body, { json: true })
        : staffCall<StaffGiftDetail>('PUT', `/s2c/staff/v1/gifts/${gift.id}`, body, { json: true }),
    onSuccess: (answer) => {
      client.setQueryData(giftQuery(String(answer.id)).queryKey, answer);
      void client.invalidateQueries({ queryKey: ['gifts', 'catalogue'] });
      // The categories' gift counts change when a gift moves.
      void client.invalidateQueries({ queryKey: ['gifts', 'categories'] });
      setSaved('The gift is saved. Members see it at once.');
      // Saved as sent: the new gift's page opens without asking.
      edits.savedAs(draft);
      if (gift === undefined) void navigate(`../${answer.id}`, { relative: 'path' });
    },
    onError: (failure) => {
      const data =
        failure instanceof StaffApiError ? (failure.data as Record<string, unknown>) : null;
      const found: Record<string, string> = {};
      for (const [key, value] of Object.entries(data ?? {})) {
        if (typeof value === 'string' && key !== 'requestId') found[key] = value;
      }
      setErrors(Object.keys(found).length > 0 ? found : { form: 'The gift could not be saved.' });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(null);
    const texts = Object.fromEntries(
      Object.entries(draft.texts).filter(([, words]) => words.description.trim() !== ''),
    );
    const body = {
      category: draft.category,
      points: draft.points,
      active: draft.active,
      image: draft.image,
      link: draft.link,
      texts,
    };
    const checked = GiftEditSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const key =
          issue.path[0] === 'texts'
            ? issue.path[2] === 'imageAlt'
              ? `texts.${String(issue.path[1])}.imageAlt`
              : `texts.${String(issue.path[1])}`
            : String(issue.path[0]);
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      gift === undefined
        ? { ...checked.data, countryCode, stock: draft.stock === '' ? null : Number(draft.stock) }
        : checked.data,
    );
  };

  const upload = async (file: File | undefined) => {
    if (file === undefined) return;
    if (file.size > GIFT_IMAGE_MAX_BYTES) {
      setErrors((current) => ({ ...current, image: 'At most 1 MB' }));
      return;
    }
    setUploading(true);
    try {
      const answer = await staffCall<{ url: string }>(
        'POST',
        '/s2c/staff/v1/gifts/images',
        { country: countryCode, data: await base64Of(file) },
        { json: true },
      );
      setDraft((current) => ({ ...current, image: answer.url }));
      setErrors(({ image: _image, ...rest }) => rest);
    } catch (failure) {
      setErrors((current) => ({
        ...current,
        image:
          failure instanceof StaffApiError
            ? (failure.fieldMessage('data') ?? 'The image could not be uploaded.')
            : 'The image could not be uploaded.',
      }));
    } finally {
      setUploading(false);
    }
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const languages = catalogue.languages;
    const at = languages.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? languages[(at + 1) % languages.length]
        : event.key === 'ArrowLeft'
          ? languages[(at - 1 + languages.length) % languages.length]
          : undefined;
    if (next !== undefined) {
      event.preventDefault();
      setTab(next);
      document.getElementById(`gift-tab-${next}`)?.focus();
    }
  };

  const words = draft.texts[tab] ?? { description: '', text: '', imageAlt: '' };
  const setWords = (change: Partial<GiftText>) =>
    setDraft((current) => ({
      ...current,
      texts: { ...current.texts, [tab]: { ...words, ...change } },
    }));
  const invalid = (key: string) => (errors[key] ? true : undefined);
  const described = (key: string) =>
    errors[key] ? `gift-${key.replace('.', '-')}-error` : undefined;
  const errorText = (key: string) =>
    errors[key] ? (
      <p id={`gift-${key.replace('.', '-')}-error`} className="field-error">
        {errors[key]}
      </p>
    ) : null;

  return (
    <>
      <p>
        <Link to={back} relative="path">
          Back to the gifts of {countryCode.toUpperCase()}
        </Link>
      </p>
      <h1>
        {gift === undefined
          ? `New gift in ${countryCode.toUpperCase()}`
          : `Gift ${gift.id}: ${defaultName}`}
      </h1>
      {saved && (
        <p role="status" className="success">
          {saved}
        </p>
      )}
      {errors.form && (
        <p role="alert" className="form-error">
          {errors.form}
        </p>
      )}
      <form onSubmit={submit} noValidate className="gift-form">
        <fieldset disabled={!mayEdit}>
          <legend>Words per language</legend>
          <div role="tablist" aria-label="Languages" className="gift-tabs">
            {catalogue.languages.map((language) => (
              <button
                key={language}
                type="button"
                role="tab"
                id={`gift-tab-${language}`}
                aria-selected={tab === language}
                aria-controls="gift-tab-panel"
                tabIndex={tab === language ? 0 : -1}
                onClick={() => setTab(language)}
                onKeyDown={onTabKey}
              >
                {languageName(language)}
                {errors[`texts.${language}`] ? ' (check)' : ''}
              </button>
            ))}
          </div>
          <div
            role="tabpanel"
            id="gift-tab-panel"
            aria-labelledby={`gift-tab-${tab}`}
            className="gift-tab-panel"
          >
            <div className="field">
              <label htmlFor="gift-name">Name in {languageName(tab)}</label>
              <input
                id="gift-name"
                value={words.description}
                onChange={(event) => setWords({ description: event.target.value })}
                aria-invalid={invalid(`texts.${tab}`) ?? invalid('texts')}
                aria-describedby={described(`texts.${tab}`) ?? described('texts')}
              />
              {errorText(`texts.${tab}`)}
              {errorText('texts')}
            </div>
            <div className="field">
              <label htmlFor="gift-text">More about it in {languageName(tab)} (HTML)</label>
              <textarea
                id="gift-text"
                rows={4}
                value={words.text}
                onChange={(event) => setWords({ text: event.target.value })}
              />
            </div>
          </div>
        </fieldset>
        <fieldset disabled={!mayEdit}>
          <legend>Gift</legend>
          <div className="field">
            <label htmlFor="gift-points">Points</label>
            <input
              id="gift-points"
              inputMode="numeric"
              value={draft.points}
              onChange={(event) => setDraft({ ...draft, points: event.target.value })}
              aria-invalid={invalid('points')}
              aria-describedby={described('points')}
            />
            {errorText('points')}
          </div>
          <div className="field">
            <label htmlFor="gift-category">Category</label>
            <select
              id="gift-category"
              value={draft.category}
              onChange={(event) => setDraft({ ...draft, category: event.target.value })}
              aria-invalid={invalid('category')}
              aria-describedby={described('category')}
            >
              {catalogue.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.names[catalogue.languages[0] ?? ''] ?? category.id}
                </option>
              ))}
            </select>
            {errorText('category')}
          </div>
          {gift === undefined && (
            <div className="field">
              <label htmlFor="gift-stock">Stock</label>
              <input
                id="gift-stock"
                inputMode="numeric"
                value={draft.stock}
                aria-describedby="gift-stock-hint"
                onChange={(event) => setDraft({ ...draft, stock: event.target.value })}
              />
              <p id="gift-stock-hint" className="hint">
                Empty for a gift that is not counted
              </p>
            </div>
          )}
          <div className="field checkbox">
            <input
              id="gift-active"
              type="checkbox"
              checked={draft.active}
              onChange={(event) => setDraft({ ...draft, active: event.target.checked })}
            />
            <label htmlFor="gift-active">Active (members can order it)</label>
          </div>
          <div className="field">
            <label htmlFor="gift-link">The partner’s page about it</label>
            <input
              id="gift-link"
              type="url"
              value={draft.link}
              onChange={(event) => setDraft({ ...draft, link: event.target.value })}
              aria-invalid={invalid('link')}
              aria-describedby={described('link')}
            />
            {errorText('link')}
          </div>
          <div className="field">
            <label htmlFor="gift-image">Image address</label>
            <input
              id="gift-image"
              value={draft.image}
              onChange={(event) => setDraft({ ...draft, image: event.target.value })}
              aria-invalid={invalid('image')}
              aria-describedby={['gift-image-hint', described('image')].filter(Boolean).join(' ')}
            />
            <p id="gift-image-hint" className="hint">
              A file under /media/gifts/, an uploaded image, or empty for the default icon
            </p>
            {errorText('image')}
          </div>
          <div className="field">
            <label htmlFor="gift-upload">Upload an image (PNG, JPEG or WebP, at most 1 MB)</label>
            <input
              id="gift-upload"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-busy={uploading}
              onChange={(event) => void upload(event.target.files?.[0])}
            />
          </div>
          {draft.image !== '' && (
            <figure className="gift-preview">
              <img
                src={draft.image}
                alt={
                  draft.texts[catalogue.languages[0] ?? '']?.imageAlt || defaultName || 'The gift'
                }
              />
              <figcaption>Preview of the image</figcaption>
            </figure>
          )}
          <ImageAltFields
            languages={catalogue.languages}
            names={languageNames}
            texts={draft.texts}
            errors={errors}
            onChange={(language, imageAlt) =>
              setDraft((current) => ({
                ...current,
                texts: {
                  ...current.texts,
                  [language]: {
                    ...(current.texts[language] ?? { description: '', text: '', imageAlt: '' }),
                    imageAlt,
                  },
                },
              }))
            }
          />
        </fieldset>
        {mayEdit && (
          <button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {gift === undefined ? 'Create the gift' : 'Save the gift'}
          </button>
        )}
      </form>
      {gift !== undefined && <StockChange gift={gift} mayEdit={mayEdit} />}
    </>
  );
}
