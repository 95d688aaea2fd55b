import { Route, Routes } from 'react-router';
import { OrderPage } from './order-page';
import { OrderQueueScreen } from './order-queue';
import './orders.css';

/** The orders area: the queue, and one order's page below it. */
export default function OrdersScreen() {
  return (
    <Routes>
      <Route index element={<OrderQueueScreen />} />
      <Route path=":id" element={<OrderPage />} />
    </Routes>
  );
}
