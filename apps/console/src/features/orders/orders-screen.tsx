import { Route, Routes } from 'react-router';
import { BulkFulfilment } from './bulk-fulfilment';
import { OrderPage } from './order-page';
import { OrderQueueScreen } from './order-queue';
import './orders.css';

/** The orders area: the queue, bulk fulfilment from a file, and one order's page below it. */
export default function OrdersScreen() {
  return (
    <Routes>
      <Route index element={<OrderQueueScreen />} />
      <Route path="bulk-fulfilment" element={<BulkFulfilment />} />
      <Route path=":id" element={<OrderPage />} />
    </Routes>
  );
}
