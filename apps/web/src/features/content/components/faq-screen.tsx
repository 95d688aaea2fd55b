import { lazy, Suspense, useId, useState } from 'react';
import type { FaqItem } from '@club/contract/page';
import { useCommonState } from '../../../shared/common-state';
import type { ScreenProps } from '../../../shared/screens';
import { httpClient } from '../../../lib/http-client';
import { RichText } from '../../../shared/rich-text';
import { useDictionary } from '../../../shared/use-dictionary';
import { defaultFaqItems } from './default-faq-items';
import './content-page.css';
import './faq.css';

/** The points table side panel for registered users (spec 1 §2), a chunk of its own. */
const PointsSidePanel = lazy(() => import('../../../shared/points-status/points-side-panel'));

function Chevron() {
  return (
    <svg className="faq__chevron" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * An accordion with one item open at a time (spec 1 §2 "FAQ"): each question
 * is a button that shows or hides its answer.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const [openNumber, setOpenNumber] = useState<number | null>(null);
  const baseId = useId();
  return (
    <ol className="faq__list">
      {items.map((item) => {
        const open = item.number === openNumber;
        const buttonId = `${baseId}-question-${item.number}`;
        const panelId = `${baseId}-answer-${item.number}`;
        return (
          <li key={item.number} className="faq__item">
            <h2 className="faq__question">
              <button
                type="button"
                id={buttonId}
                className="faq__toggle"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenNumber(open ? null : item.number)}
              >
                <span className="faq__number" aria-hidden="true">
                  {item.number}.
                </span>
                <span className="faq__title">{item.title}</span>
                <Chevron />
              </button>
            </h2>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="faq__answer"
              hidden={!open}
            >
              <RichText html={item.text} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * FAQ (spec 1 §2): the page's items or the default nine, then the optional
 * post text; registered users also get the points table side panel.
 */
export function FaqScreen({ page }: ScreenProps) {
  const text = useDictionary();
  const { user } = useCommonState();
  const items = page.faqItems.length > 0 ? page.faqItems : defaultFaqItems;
  return (
    <div className="points-panel-frame">
      <section className="container content-page faq" aria-labelledby="faq-title">
        <h1 id="faq-title">
          {page.title.trim() || text('faq.title', 'Frequently asked questions')}
        </h1>
        {page.text.trim() !== '' ? (
          <RichText html={page.text} className="content-page__body" />
        ) : null}
        <FaqAccordion items={items} />
        {page.postText.trim() !== '' ? (
          <RichText html={page.postText} className="content-page__body" />
        ) : null}
      </section>
      {user ? (
        <Suspense fallback={null}>
          <PointsSidePanel number={user.number} client={httpClient} />
        </Suspense>
      ) : null}
    </div>
  );
}
