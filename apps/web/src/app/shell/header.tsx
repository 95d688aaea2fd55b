import { memo, useEffect, useState, type MouseEvent } from 'react';
import { Link } from '../../shared/navigation/link';
import { useLayout } from '../../shared/layout-context';
import { pagePath } from '../../shared/paths';
import { dictionaryText } from '../../lib/dictionary';
import { directAccessUrl } from '../../lib/direct-access';
import { AccountMenu, type AccountMember } from './account-menu';
import { GiftIcon, PointsIcon } from './icons';
import { LanguageSwitcher } from './language-switcher';
import { menuItemsFor } from './menu-audience';
import { AccountAction, MenuItemLinks } from './menu-links';
import { MobileMenu } from './mobile-menu';
import { dispatchOpenGifts } from './shell-events';
import './header.css';

const giftPages: ReadonlySet<string> = new Set(['gifts', 'redeem-points']);

type HeaderProps = {
  pageName: string;
  registered: boolean;
  /** The logged-in member, for the account menu (null or absent: "Log Out" alone). */
  member?: AccountMember | null;
  /** The direct-access variant: an outbound link to that product plus the member icons. */
  directAccess?: boolean;
};

/**
 * Escape hides the icons' labels shown by hover or focus (WCAG 1.4.13:
 * dismissible without moving the pointer or focus); the next hover or focus
 * shows them again.
 */
function useDismissibleLabels(): [dismissed: boolean, restore: () => void] {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return [dismissed, () => setDismissed(false)];
}

/**
 * Site header (spec 1 §2): logo, layout menu, language switcher, account
 * action and, for members, the status-points and gifts icons. With the
 * layout's `menuHidden` only the logo shows. Members get the account menu
 * (issue 17), which holds the content's member items on wide screens; the
 * header stays one row from 1024 px up (header.css).
 */
export const Header = memo(function Header({
  pageName,
  registered,
  member = null,
  directAccess = false,
}: HeaderProps) {
  const layout = useLayout();
  const text = (key: string, fallback: string) => dictionaryText(layout.dictionary, key, fallback);
  const giftsPath = pagePath(layout, 'gifts');
  const [labelsDismissed, restoreLabels] = useDismissibleLabels();
  // Members' own items are in the account menu; the phone menu lists them all.
  const shownItems = menuItemsFor(layout.menuItems, registered);
  const barItems =
    registered && member !== null
      ? shownItems.filter((item) => item.audience !== 'member')
      : shownItems;

  const openGifts = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    dispatchOpenGifts(giftsPath);
  };

  // Each icon's name is its label, shown as a tooltip on hover and focus.
  const memberIcons = (
    <ul
      className="member-icons"
      data-labels-dismissed={labelsDismissed || undefined}
      onPointerEnter={restoreLabels}
      onFocus={restoreLabels}
    >
      <li>
        <Link
          to={pagePath(layout, 'points')}
          className="icon-link"
          aria-current={pageName === 'points' ? 'page' : undefined}
        >
          <PointsIcon />
          <span className="icon-link__label">{text('menu.points', 'Status Points')}</span>
        </Link>
      </li>
      <li>
        <Link
          to={giftsPath}
          className="icon-link"
          aria-current={giftPages.has(pageName) ? 'page' : undefined}
          onClick={openGifts}
        >
          <GiftIcon />
          <span className="icon-link__label">{text('menu.gifts', 'List of Gifts')}</span>
        </Link>
      </li>
    </ul>
  );

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to={pagePath(layout, 'home')} className="site-header__logo">
          <img
            src="/media/logo.svg"
            alt={text('productName', 'Amadeus+Me')}
            width="160"
            height="40"
          />
        </Link>
        {directAccess ? (
          <div className="site-header__tools">
            <a className="site-nav__link" href={directAccessUrl(layout)}>
              {text('directAccess.headerLink', 'Go to Amadeus Direct')}
            </a>
            {memberIcons}
          </div>
        ) : layout.menuHidden ? null : (
          <>
            {barItems.length > 0 ? (
              <nav className="site-nav" aria-label={text('menu.label', 'Main menu')}>
                <ul className="site-nav__list">
                  <MenuItemLinks
                    pageName={pageName}
                    linkClassName="site-nav__link"
                    items={barItems}
                  />
                </ul>
              </nav>
            ) : null}
            <div className="site-header__tools">
              {registered ? memberIcons : null}
              <LanguageSwitcher pageName={pageName} />
              {registered && member !== null ? (
                <>
                  <AccountMenu member={member} pageName={pageName} />
                  {/* The spec's shell has Log Out in the header: beside the menu where there is room. */}
                  <div className="site-header__account site-header__account--beside-menu">
                    <AccountAction pageName={pageName} registered linkClassName="site-nav__link" />
                  </div>
                </>
              ) : (
                <div className="site-header__account">
                  <AccountAction
                    pageName={pageName}
                    registered={registered}
                    linkClassName="site-nav__link"
                  />
                </div>
              )}
              <MobileMenu pageName={pageName} registered={registered} />
            </div>
          </>
        )}
      </div>
    </header>
  );
});
