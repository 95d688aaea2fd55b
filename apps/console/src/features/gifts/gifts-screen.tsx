import { NavLink, Route, Routes } from 'react-router';
import { CategoriesSection } from './categories/categories-section';
import { GiftEditor } from './gift-editor';
import { GiftList } from './gift-list';
import { OrderingEditor } from './ordering-editor';
import { TaxFlag } from './tax-flag';
import './gifts.css';

/** The gifts area: the catalogue, a gift's editor, the categories, the ordering windows and members' tax flag. */
export default function GiftsScreen() {
  return (
    <>
      <nav aria-label="Gifts" className="gifts-nav">
        <ul>
          <li>
            <NavLink to="" end>
              Catalogue
            </NavLink>
          </li>
          <li>
            <NavLink to="categories">Categories</NavLink>
          </li>
          <li>
            <NavLink to="ordering">Ordering windows</NavLink>
          </li>
          <li>
            <NavLink to="tax">Tax information</NavLink>
          </li>
        </ul>
      </nav>
      <Routes>
        <Route index element={<GiftList />} />
        <Route path="new" element={<GiftEditor />} />
        <Route path="categories" element={<CategoriesSection />} />
        <Route path="ordering" element={<OrderingEditor />} />
        <Route path="tax" element={<TaxFlag />} />
        <Route path=":id" element={<GiftEditor />} />
      </Routes>
    </>
  );
}
