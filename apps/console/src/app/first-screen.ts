import { staffToken } from '../lib/staff-api';
import { consoleAreas } from './console-areas';
import { loginScreen } from './login-screen-chunk';

/**
 * Starts loading the code of the screen the first page shows, beside the
 * session check rather than after it: the login screen without a staff token,
 * else the area the path names (`/staff/members/1000001`: members).
 */
export function preloadFirstScreen(pathname: string): void {
  if (staffToken.get() === null) {
    // The setup link works without a session, and loads its own screen.
    if (!/^\/staff\/setup(\/|$)/.test(pathname)) loginScreen.preload();
    return;
  }
  const first = /^\/staff\/([^/]+)/.exec(pathname)?.[1];
  consoleAreas.find((area) => area.path === first)?.preload?.();
}
