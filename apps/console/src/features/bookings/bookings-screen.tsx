import { Route, Routes } from 'react-router';
import { BookingImportPage } from './booking-import-page';
import { BookingsHome } from './bookings-home';
import './bookings.css';

/** The bookings area: the upload with the import history, and one import's page. */
export default function BookingsScreen() {
  return (
    <Routes>
      <Route index element={<BookingsHome />} />
      <Route path="imports/:id" element={<BookingImportPage />} />
    </Routes>
  );
}
