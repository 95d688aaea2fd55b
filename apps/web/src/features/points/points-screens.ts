import type { PageScreen, PointsPageName } from '../../app/page-registry';
import { agencyScreens } from '../agency/agency-screens';
import { giftsScreens } from '../gifts/gifts-screens';

/**
 * The points screens by page name, each its own lazy chunk, and the member
 * home that the registry's `home` entry shows for a stored session. The page
 * registry takes the list into the first script; the gifts and agency
 * screens (features/gifts, features/agency) are listed here too.
 */
export const memberHome = (): Promise<PageScreen> =>
  import('./home/member-home').then((m) => m.MemberHome);

export const pointsScreens: Record<PointsPageName, () => Promise<PageScreen>> = {
  points: () => import('./points-page/points-screen').then((m) => m.PointsScreen),
  'archive-points': () =>
    import('./archive/archive-points-screen').then((m) => m.ArchivePointsScreen),
  ...giftsScreens,
  ...agencyScreens,
};
