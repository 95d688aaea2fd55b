import { Route, Routes } from 'react-router';
import { MemberSearch } from './components/member-search';
import { MemberDetails } from './components/member-details';
import { BulkAdjustments } from './components/bulk-adjustments';
import { MemberExport } from './components/member-export';
import './members.css';

/**
 * The members area's screens: the search at /staff/members, a member at
 * /staff/members/{number}, bulk adjustments from a file and the member export.
 */
export default function MembersScreen() {
  return (
    <Routes>
      <Route index element={<MemberSearch />} />
      <Route path="bulk-adjustments" element={<BulkAdjustments />} />
      <Route path="export" element={<MemberExport />} />
      <Route path=":number" element={<MemberDetails />} />
    </Routes>
  );
}
