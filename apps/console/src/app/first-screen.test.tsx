import { afterEach, describe, expect, it, vi } from 'vitest';
import { membersArea } from '../features/members/members-area';
import { reportsArea } from '../features/reports/reports-area';
import { preloadFirstScreen } from './first-screen';
import { loginScreen } from './login-screen-chunk';

afterEach(() => sessionStorage.clear());

describe('the first page starts loading its screen beside the session check', () => {
  it('loads the login screen when there is no staff token, and no area', () => {
    const login = vi.spyOn(loginScreen, 'preload').mockImplementation(() => undefined);
    const members = vi.spyOn(membersArea, 'preload').mockImplementation(() => undefined);
    preloadFirstScreen('/staff/members/9000001');
    expect(login).toHaveBeenCalledOnce();
    expect(members).not.toHaveBeenCalled();
  });

  it('leaves the setup link to load its own screen', () => {
    const login = vi.spyOn(loginScreen, 'preload').mockImplementation(() => undefined);
    preloadFirstScreen('/staff/setup');
    expect(login).not.toHaveBeenCalled();
  });

  it('loads the area the path names when signed in', () => {
    sessionStorage.setItem('staff-token', 'stf_token');
    const login = vi.spyOn(loginScreen, 'preload').mockImplementation(() => undefined);
    const members = vi.spyOn(membersArea, 'preload').mockImplementation(() => undefined);
    const reports = vi.spyOn(reportsArea, 'preload').mockImplementation(() => undefined);
    preloadFirstScreen('/staff/reports');
    expect(reports).toHaveBeenCalledOnce();
    expect(members).not.toHaveBeenCalled();
    expect(login).not.toHaveBeenCalled();
  });
});
