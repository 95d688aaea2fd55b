import { Route, Routes } from 'react-router';
import { OfficeImport } from './office-import';
import { OfficePage } from './office-page';
import { OfficeSearchScreen } from './office-search';
import './offices.css';

/** The offices area: the search, an office's page, and the directory upload. */
export default function OfficesScreen() {
  return (
    <Routes>
      <Route index element={<OfficeSearchScreen />} />
      <Route path="import" element={<OfficeImport />} />
      <Route path=":officeId" element={<OfficePage />} />
    </Routes>
  );
}
