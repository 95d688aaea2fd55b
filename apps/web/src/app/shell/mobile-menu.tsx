import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '../../shared/navigation/link';
import { useLayout } from '../../shared/layout-context';
import { pagePath } from '../../shared/paths';
import { dictionaryText } from '../../lib/dictionary';
import { focusableElements, trapTabKey } from '../../lib/focus';
import { CloseIcon, MenuIcon } from './icons';
import { menuItemsFor } from './menu-audience';
import { AccountAction, MenuItemLinks } from './menu-links';
import './mobile-menu.css';

/** Class on `<html>` while the panel is open: the page behind it does not scroll. */
export const scrollLockClass = 'scroll-locked';

/** Wide screens show the regular menu; the panel closes when the window grows past this. */
const wideScreenQuery = '(min-width: 992px)';

/**
 * The slide-in menu below 992 px (spec 1 §2): a toggle in the header and a
 * modal panel with an overlay. Overlay, close button and Escape close it;
 * while open it locks page scroll and keeps focus inside.
 */
export function MobileMenu({ pageName, registered }: { pageName: string; registered: boolean }) {
  const layout = useLayout();
  // The page the panel was opened on: it closes by itself when the page changes
  // (a followed link, browser back).
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pageName;
  const setOpen = (value: boolean) => setOpenOn(value ? pageName : null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = () => setOpen(false);
  const text = (key: string, fallback: string) => dictionaryText(layout.dictionary, key, fallback);

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || panel === null) return;
    const toggle = toggleRef.current;
    const root = document.documentElement;
    root.classList.add(scrollLockClass);
    focusableElements(panel)[0]?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
      else trapTabKey(event, panel);
    };
    document.addEventListener('keydown', onKeyDown);
    const wide =
      typeof window.matchMedia === 'function' ? window.matchMedia(wideScreenQuery) : null;
    const onWide = (event: MediaQueryListEvent) => {
      if (event.matches) setOpenOn(null);
    };
    wide?.addEventListener('change', onWide);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      wide?.removeEventListener('change', onWide);
      root.classList.remove(scrollLockClass);
      if (toggle?.isConnected) toggle.focus();
    };
  }, [open]);

  const label = text('menu.label', 'Main menu');
  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="mobile-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <MenuIcon />
        <span className="visually-hidden">{text('menu.open', 'Open menu')}</span>
      </button>
      <div className="mobile-menu__overlay" hidden={!open} onClick={close} aria-hidden="true" />
      <div
        ref={panelRef}
        id={panelId}
        className="mobile-menu__panel"
        role="dialog"
        aria-modal="true"
        aria-label={label}
        hidden={!open}
      >
        <button type="button" className="mobile-menu__close" onClick={close}>
          <CloseIcon />
          <span className="visually-hidden">{text('menu.close', 'Close menu')}</span>
        </button>
        <nav aria-label={label}>
          <ul className="mobile-menu__list">
            <li>
              <Link
                to={pagePath(layout, 'home')}
                className="mobile-menu__link"
                aria-current={pageName === 'home' ? 'page' : undefined}
                onClick={close}
              >
                {text('menu.home', 'Home')}
              </Link>
            </li>
            <MenuItemLinks
              pageName={pageName}
              onNavigate={close}
              linkClassName="mobile-menu__link"
              items={menuItemsFor(layout.menuItems, registered)}
            />
            <li>
              <AccountAction
                pageName={pageName}
                registered={registered}
                onNavigate={close}
                linkClassName="mobile-menu__link"
              />
            </li>
          </ul>
        </nav>
      </div>
    </>
  );
}
