import { Route, Routes } from 'react-router';
import { MemberSearch } from './components/member-search';
import { MemberDetails } from './components/member-details';
import './members.css';

/** The members area's screens: the search at /staff/members, a member at /staff/members/{number}. */
export default function MembersScreen() {
  return (
    <Routes>
      <Route index element={<MemberSearch />} />
      <Route path=":number" element={<MemberDetails />} />
    </Routes>
  );
}
