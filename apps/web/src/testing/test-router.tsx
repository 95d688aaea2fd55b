import type { ReactNode } from 'react';
import type { Location } from '../shared/navigation/path';
import { NavigatorRouter } from '../shared/navigation/navigator-router';
import { createMemoryHistory } from '../shared/navigation/page-history';
import { createPageNavigator, type PageNavigator } from '../shared/navigation/page-navigator';

/** A navigator over a memory history at `entry`, whose pages load nothing. */
export function createTestNavigator(entry: string | Partial<Location>): PageNavigator<null> {
  return createPageNavigator(createMemoryHistory([entry]), () => Promise.resolve(null));
}

/** `children` inside the navigator's router, whatever its location. */
export function TestRouter({
  navigator,
  children,
}: {
  navigator: PageNavigator<null>;
  children: ReactNode;
}) {
  return <NavigatorRouter navigator={navigator}>{() => children}</NavigatorRouter>;
}
