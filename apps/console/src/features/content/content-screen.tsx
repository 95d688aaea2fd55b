import { Link, NavLink, Navigate, Route, Routes, useParams } from 'react-router';
import type { StaffContentCountry } from '@club/contract/staff-content';
import { StaffApiError } from '../../lib/staff-api';
import { hasRole, useStaff } from '../../lib/staff-session';
import { usePageTitle } from '../../lib/page-title';
import { useContentCountries, useLanguageContent } from './content-api';
import { AlertsSection } from './sections/alerts-section';
import { BannersSection } from './sections/banners-section';
import { MailSection } from './sections/mail-section';
import { MenuSection } from './sections/menu-section';
import { PagesSection } from './sections/pages-section';
import { PreviewSection } from './sections/preview-section';
import type { SectionProps } from './sections/section-props';
import { countOf } from '../../lib/english-format';
import { WordsSection } from './sections/words-section';
import './content.css';
import { formatMoment } from '../../lib/english-format';

/** The content area: choose a country and language, then edit, preview and publish. */
export default function ContentScreen() {
  return (
    <Routes>
      <Route index element={<CountryChoice />} />
      <Route path=":countryCode/:languageCode/*" element={<LanguageContent />} />
      <Route path="*" element={<NotYours />} />
    </Routes>
  );
}

function CountryChoice() {
  usePageTitle('Content');
  const countries = useContentCountries();
  return (
    <>
      <h1>Content</h1>
      <p>Choose the country and language whose menus, alerts, texts, pages and mails to edit.</p>
      {countries.isPending && <p role="status">Loading…</p>}
      {countries.isError && <p className="form-error">The countries could not be loaded.</p>}
      <ul className="content-countries">
        {countries.data?.map((country) => (
          <li key={country.code}>
            <h2>{country.name}</h2>
            <ul>
              {country.languages.map((language) => (
                <li key={language.code}>
                  <Link to={`${country.code}/${language.code}/menu`}>
                    {language.nativeTitle}
                    <span className="visually-hidden"> ({country.name})</span>
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </>
  );
}

function NotYours() {
  usePageTitle('Content not found');
  return (
    <>
      <h1>Content not found</h1>
      <p>There is no such country or language among yours.</p>
      <p>
        <Link to="/content">Choose a country</Link>
      </p>
    </>
  );
}

const sections = [
  ['menu', 'Menu'],
  ['alerts', 'Alerts'],
  ['banners', 'Banners'],
  ['texts', 'Texts'],
  ['dictionary', 'Dictionary'],
  ['pages', 'Pages and FAQ'],
  ['mail', 'Mail templates'],
  ['preview', 'Preview'],
] as const;

function LanguageContent() {
  const { countryCode = '', languageCode = '' } = useParams();
  const staff = useStaff();
  const countries = useContentCountries();
  const content = useLanguageContent(countryCode, languageCode);
  const country: StaffContentCountry | undefined = countries.data?.find(
    (candidate) => candidate.code === countryCode,
  );
  const language = country?.languages.find((candidate) => candidate.code === languageCode);
  usePageTitle(
    country && language ? `Content: ${country.name}, ${language.nativeTitle}` : 'Content',
  );

  if (content.error instanceof StaffApiError && content.error.status === 404) return <NotYours />;
  if (countries.isSuccess && (country === undefined || language === undefined)) return <NotYours />;
  if (content.isError || countries.isError) {
    return <p className="form-error">The content could not be loaded. Reload the page.</p>;
  }
  if (country === undefined || language === undefined || content.data === undefined) {
    return <p role="status">Loading…</p>;
  }
  const props: SectionProps = {
    country,
    content: content.data,
    canEdit: hasRole(staff, ['admin', 'manager']),
  };
  const base = `/content/${countryCode}/${languageCode}`;
  return (
    <>
      <h1>
        Content: {country.name}, {language.nativeTitle}
      </h1>
      <nav aria-label="Languages of the country" className="content-languages">
        <ul>
          {country.languages.map((other) => (
            <li key={other.code}>
              <NavLink to={`/content/${countryCode}/${other.code}/menu`}>
                {other.nativeTitle}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {!props.canEdit && (
        <p className="notice">
          You can read this content; admins and the country’s managers change it.
        </p>
      )}
      {content.data.edits.length > 0 && (
        <details className="content-edits">
          <summary>
            {countOf(content.data.edits.length, 'part', 'parts')} changed here since the files were
            loaded
          </summary>
          <p className="hint">
            <code>npm run content:load</code> keeps them until told to take the files’ version.
          </p>
          <ul>
            {content.data.edits.map((edit) => (
              <li key={edit.path}>
                <span dir="ltr">{edit.path}</span>: {edit.changedBy}, {formatMoment(edit.changedAt)}
              </li>
            ))}
          </ul>
        </details>
      )}
      <nav aria-label="Content sections" className="content-sections">
        <ul>
          {sections.map(([path, label]) => (
            <li key={path}>
              <NavLink to={`${base}/${path}`}>{label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed by language: a section's form starts from the language it shows. */}
      <div key={`${countryCode}/${languageCode}`} className="content-section">
        <Routes>
          <Route index element={<Navigate to="menu" replace />} />
          <Route path="menu" element={<MenuSection {...props} />} />
          <Route path="alerts" element={<AlertsSection {...props} />} />
          <Route path="banners" element={<BannersSection {...props} />} />
          <Route path="texts" element={<WordsSection kind="texts" {...props} />} />
          <Route path="dictionary" element={<WordsSection kind="dictionary" {...props} />} />
          <Route path="pages" element={<PagesSection {...props} />} />
          <Route path="mail" element={<MailSection {...props} />} />
          <Route path="preview" element={<PreviewSection {...props} />} />
          <Route path="*" element={<NotYours />} />
        </Routes>
      </div>
    </>
  );
}
