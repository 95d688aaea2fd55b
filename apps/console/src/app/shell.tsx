import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { hasRole, useStaff, useStaffSession } from '../lib/staff-session';
import { consoleAreas } from './console-areas';

/** The console's frame: skip link, header with the staff member and Log out, the areas' navigation. */
export function Shell() {
  const staff = useStaff();
  const { logOut } = useStaffSession();
  const areas = consoleAreas.filter(
    (area) => area.roles === undefined || hasRole(staff, area.roles),
  );
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console-header">
        <p className="console-name">Staff console</p>
        <p className="signed-in">
          <span>{staff.email}</span> <span className="role">{staff.role}</span>
          {staff.role !== 'admin' && (
            <span className="countries"> {staff.countries.join(', ').toUpperCase()}</span>
          )}
        </p>
        <button type="button" onClick={() => void logOut()}>
          Log out
        </button>
      </header>
      <div className="console-body">
        <nav aria-label="Console">
          <ul>
            <li>
              <NavLink to="/" end>
                Overview
              </NavLink>
            </li>
            {areas.map((area) => (
              <li key={area.path}>
                <NavLink to={`/${area.path}`}>{area.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1}>
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </>
  );
}
