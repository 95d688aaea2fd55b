import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title';
import { hasRole, useStaff } from '../lib/staff-session';
import { consoleAreas } from './console-areas';

/** The console's first screen: who is signed in, and where each area is. */
export function OverviewScreen() {
  usePageTitle('Overview');
  const staff = useStaff();
  const areas = consoleAreas.filter(
    (area) => area.roles === undefined || hasRole(staff, area.roles),
  );
  return (
    <>
      <h1>Overview</h1>
      <p>
        Signed in as {staff.email}, {staff.role}
        {staff.role === 'admin'
          ? ' of every country'
          : ` of ${staff.countries.join(', ').toUpperCase()}`}
        .
      </p>
      <ul className="area-list">
        {areas.map((area) => (
          <li key={area.path}>
            <Link to={`/${area.path}`}>{area.label}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
