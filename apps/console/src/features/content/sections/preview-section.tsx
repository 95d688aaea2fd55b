import { useState } from 'react';
import { alertShowsAt } from '@club/contract/staff-content';
import { Field } from '../../../lib/ui/field';
import { SafeHtml } from '../safe-html';
import { siteAddress } from '../site-address';
import { dirOf, type SectionProps } from './section-props';

type Audience = 'guest' | 'member';

/**
 * How a page looks to a guest or a member: the menu items they see, the
 * alerts showing now, the banner and the page's texts, as published (every change is
 * live within a second). The site itself cannot be framed (its CSP), so a
 * link opens it.
 */
export function PreviewSection({ country, content }: SectionProps) {
  const names = Object.keys(content.pages).sort();
  const [audience, setAudience] = useState<Audience>('guest');
  // The alerts shown are those inside their window when the preview opened.
  const [openedAt] = useState(Date.now);
  const [name, setName] = useState(names.includes('home') ? 'home' : (names[0] ?? ''));
  const page = content.pages[name];
  const menu = content.menuItems.filter(
    (item) => item.audience === 'both' || item.audience === audience,
  );
  const banner = content.headerImages[0];
  return (
    <>
      <h2>Preview</h2>
      <div className="toolbar">
        <fieldset className="audience">
          <legend>Show the page as</legend>
          {(['guest', 'member'] as const).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="audience"
                value={value}
                checked={audience === value}
                onChange={() => setAudience(value)}
              />{' '}
              a {value}
            </label>
          ))}
        </fieldset>
        <Field label="Page">
          {(control) => (
            <select {...control} value={name} onChange={(event) => setName(event.target.value)}>
              {names.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {candidate}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <p>
        <a
          href={siteAddress(window.location, country, content.languageCode, name)}
          target="_blank"
          rel="noreferrer"
        >
          Open {name} on the site<span className="visually-hidden"> (new tab)</span>
        </a>
      </p>
      <section
        className="preview"
        aria-label={`Preview of ${name} as a ${audience}`}
        dir={dirOf(content.isRtl)}
      >
        <nav aria-label="Preview menu">
          <ul>
            {menu.map((item) => (
              <li key={`${item.pageName}-${item.title}`}>{item.title}</li>
            ))}
            {audience === 'member' && <li className="hint">(and the member’s account menu)</li>}
          </ul>
        </nav>
        {content.headerAlerts
          .filter((alert) => alertShowsAt(alert, openedAt))
          .map((alert) => (
            <div key={alert.hash} className={`preview-alert preview-alert-${alert.type}`}>
              <SafeHtml html={alert.text} />
            </div>
          ))}
        {banner !== undefined && <p className="preview-banner">Banner: {banner.alt}</p>}
        {page !== undefined && (
          <article>
            <h3>{page.title}</h3>
            <SafeHtml html={page.text} />
            {page.faqItems.length > 0 && (
              <dl>
                {page.faqItems.map((item) => (
                  <div key={item.number}>
                    <dt>{item.title}</dt>
                    <dd>
                      <SafeHtml html={item.text} />
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            <SafeHtml html={page.postText} />
          </article>
        )}
      </section>
    </>
  );
}
