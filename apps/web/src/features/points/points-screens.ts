import type { FeatureScreens, PageScreen } from '../../shared/screens';

/**
 * The member home, which the registry's `home` entry shows for a stored
 * session, and the points screens by page name, each its own lazy chunk.
 */
export const memberHome = (): Promise<PageScreen> =>
  import('./home/member-home').then((m) => m.MemberHome);

export const pointsScreens = {
  points: {
    load: () => import('./points-page/points-screen').then((m) => m.PointsScreen),
    fromServer: true,
  },
  'archive-points': {
    load: () => import('./archive/archive-points-screen').then((m) => m.ArchivePointsScreen),
    fromServer: true,
  },
} satisfies FeatureScreens;
