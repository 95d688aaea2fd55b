import { Route, Routes } from 'react-router';
import { ClaimPage } from './claim-page';
import { ClaimQueueScreen } from './claim-queue';
import './claims.css';

/** The claims area: the queue, and one claim's page below it. */
export default function ClaimsScreen() {
  return (
    <Routes>
      <Route index element={<ClaimQueueScreen />} />
      <Route path=":id" element={<ClaimPage />} />
    </Routes>
  );
}
