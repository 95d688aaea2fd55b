import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { useLayout } from '../../shared/layout-context';
import { pagePath } from '../../shared/paths';
import { dictionaryText } from '../../lib/dictionary';
import { directAccessUrl } from '../../lib/direct-access';
import { GiftIcon, PointsIcon } from './icons';
import { LanguageSwitcher } from './language-switcher';
import { AccountAction, MenuItemLinks } from './menu-links';
import { MobileMenu } from './mobile-menu';
import { dispatchOpenGifts } from './shell-events';
import './header.css';

const giftPages: ReadonlySet<string> = new Set(['gifts', 'redeem-points']);

type HeaderProps = {
  pageName: string;
  registered: boolean;
  /** The direct-access variant: an outbound link to that product plus the member icons. */
  directAccess?: boolean;
};

/**
 * Site header (spec 1 §2): logo, layout menu, language switcher, account
 * action and, for members, the status-points and gifts icons. With the
 * layout's `menuHidden` only the logo shows.
 */
export function Header({ pageName, registered, directAccess = false }: HeaderProps) {
  const layout = useLayout();
  const text = (key: string, fallback: string) => dictionaryText(layout.dictionary, key, fallback);
  const giftsPath = pagePath(layout, 'gifts');

  const openGifts = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    dispatchOpenGifts(giftsPath);
  };

  const memberIcons = (
    <ul className="member-icons">
      <li>
        <Link
          to={pagePath(layout, 'points')}
          className="icon-link"
          aria-current={pageName === 'points' ? 'page' : undefined}
        >
          <PointsIcon />
          <span className="visually-hidden">{text('menu.points', 'Status Points')}</span>
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
          <span className="visually-hidden">{text('menu.gifts', 'List of Gifts')}</span>
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
            {layout.menuItems.length > 0 ? (
              <nav className="site-nav" aria-label={text('menu.label', 'Main menu')}>
                <ul className="site-nav__list">
                  <MenuItemLinks pageName={pageName} linkClassName="site-nav__link" />
                </ul>
              </nav>
            ) : null}
            <div className="site-header__tools">
              {registered ? memberIcons : null}
              <LanguageSwitcher pageName={pageName} />
              <div className="site-header__account">
                <AccountAction
                  pageName={pageName}
                  registered={registered}
                  linkClassName="site-nav__link"
                />
              </div>
              <MobileMenu pageName={pageName} registered={registered} />
            </div>
          </>
        )}
      </div>
    </header>
  );
}
