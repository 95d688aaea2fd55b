import type { PageScreen, PointsPageName } from '../../app/page-registry';

/**
 * The points screens by page name, each its own lazy chunk (the page registry
 * reaches them through this small index), and the member home that the
 * registry's `home` entry shows for a stored session.
 */
export const memberHome = (): Promise<PageScreen> =>
  import('./home/member-home').then((m) => m.MemberHome);

export const pointsScreens: Record<PointsPageName, () => Promise<PageScreen>> = {
  points: () => import('./points-page/points-screen').then((m) => m.PointsScreen),
  'archive-points': () =>
    import('./archive/archive-points-screen').then((m) => m.ArchivePointsScreen),
};
