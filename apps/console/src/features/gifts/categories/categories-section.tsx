import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  StaffGiftCategory,
  StaffGiftCategoryList,
} from '@club/contract/staff-gift-categories';
import { StaffApiError } from '../../../lib/staff-api';
import { usePageTitle } from '../../../lib/page-title';
import { hasRole, useStaff } from '../../../lib/staff-session';
import { Dialog } from '../../../lib/ui/dialog';
import { CountryPicker } from '../../../lib/ui/country-picker';
import { useGiftCountry } from '../use-country';
import { categoriesQuery, createCategory, deleteCategory, renameCategory } from './categories-api';
import { CategoryNamesForm } from './category-names-form';
import './categories.css';

const giftsIn = (count: number) => (count === 1 ? '1 gift' : `${count} gifts`);

/**
 * The gift categories of a country: each with its name in every language and
 * how many gifts are in it; managers and admins create, rename and delete
 * (only a category no gift uses). Support reads.
 */
export function CategoriesSection() {
  usePageTitle('Gift categories');
  const staff = useStaff();
  const mayEdit = hasRole(staff, ['admin', 'manager']);
  const client = useQueryClient();
  const [country, setCountry] = useGiftCountry();
  const list = useQuery(categoriesQuery(country));
  const [renaming, setRenaming] = useState<StaffGiftCategory | null>(null);
  const [deleting, setDeleting] = useState<StaffGiftCategory | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  /** The answer is the list after the change; the gift editor's catalogue names categories too. */
  const changed = (answer: StaffGiftCategoryList, message: string) => {
    client.setQueryData(categoriesQuery(country).queryKey, answer);
    void client.invalidateQueries({ queryKey: ['gifts', 'catalogue'] });
    setDone(message);
  };

  const code = country.toUpperCase();
  return (
    <>
      <h1>Gift categories</h1>
      <CountryPicker id="gift-country" country={country} onChange={setCountry} />
      {done && (
        <p role="status" className="success">
          {done}
        </p>
      )}
      {list.isPending && <p role="status">Loading the categories…</p>}
      {list.isError && (
        <p role="alert" className="form-error">
          There are no gift categories of {code} in your countries.
        </p>
      )}
      {list.data && (
        <>
          <div className="table-scroll">
            <table className="category-table">
              <caption>Gift categories of {code}, in the order members see them</caption>
              <thead>
                <tr>
                  <th scope="col">Id</th>
                  {list.data.languages.map((language) => (
                    <th scope="col" key={language.code}>
                      {language.name}
                    </th>
                  ))}
                  <th scope="col">Gifts</th>
                  {mayEdit && <th scope="col">Changes</th>}
                </tr>
              </thead>
              <tbody>
                {list.data.categories.map((category) => (
                  <tr key={category.id}>
                    <th scope="row">
                      <code>{category.id}</code>
                    </th>
                    {list.data.languages.map((language) => (
                      <td
                        key={language.code}
                        lang={language.shortCode}
                        dir={language.isRtl ? 'rtl' : undefined}
                      >
                        {category.names[language.code] ?? '—'}
                      </td>
                    ))}
                    <td>{giftsIn(category.gifts)}</td>
                    {mayEdit && (
                      <td>
                        <div className="category-actions">
                          <button
                            type="button"
                            className="secondary"
                            onClick={() => {
                              setDone(null);
                              setRenaming(category);
                            }}
                          >
                            Rename<span className="visually-hidden"> {category.id}</span>
                          </button>
                          <button
                            type="button"
                            className="danger"
                            disabled={category.gifts > 0}
                            aria-describedby={
                              category.gifts > 0 ? `category-in-use-${category.id}` : undefined
                            }
                            onClick={() => {
                              setDone(null);
                              setDeleteError(null);
                              setDeleting(category);
                            }}
                          >
                            Delete<span className="visually-hidden"> {category.id}</span>
                          </button>
                          {category.gifts > 0 && (
                            <span id={`category-in-use-${category.id}`} className="hint">
                              Cannot be deleted: {giftsIn(category.gifts)} in it
                            </span>
                          )}
                        </div>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {mayEdit && (
            <section aria-labelledby="new-category-title" className="category-new">
              <h2 id="new-category-title">New category in {code}</h2>
              <CategoryNamesForm
                key={country}
                languages={list.data.languages}
                submitLabel="Create the category"
                onSubmit={async ({ id, names }) => {
                  setDone(null);
                  changed(
                    await createCategory(country, id, names),
                    `The category ${id} is created. Members see it at once.`,
                  );
                }}
              />
            </section>
          )}
          <Dialog
            title={renaming === null ? '' : `Rename the category ${renaming.id}`}
            open={renaming !== null}
            onClose={() => setRenaming(null)}
          >
            {renaming !== null && (
              <CategoryNamesForm
                key={renaming.id}
                languages={list.data.languages}
                category={renaming}
                submitLabel="Save the names"
                onCancel={() => setRenaming(null)}
                onSubmit={async ({ names }) => {
                  const answer = await renameCategory(country, renaming.id, names);
                  setRenaming(null);
                  changed(
                    answer,
                    `The category ${renaming.id} is renamed. Members see it at once.`,
                  );
                }}
              />
            )}
          </Dialog>
          <Dialog
            title={deleting === null ? '' : `Delete the category ${deleting.id}?`}
            open={deleting !== null}
            onClose={() => setDeleting(null)}
          >
            {deleting !== null && (
              <>
                <p>
                  Members will no longer find “
                  {deleting.names[list.data.languages[0]?.code ?? ''] ?? deleting.id}” in the gift
                  list. No gift is in it.
                </p>
                {deleteError && (
                  <p role="alert" className="form-error">
                    {deleteError}
                  </p>
                )}
                <div className="toolbar">
                  <button
                    type="button"
                    className="danger"
                    onClick={() => {
                      deleteCategory(country, deleting.id).then(
                        (answer) => {
                          setDeleting(null);
                          changed(answer, `The category ${deleting.id} is deleted.`);
                        },
                        (failure: unknown) =>
                          setDeleteError(
                            failure instanceof StaffApiError
                              ? (failure.fieldMessage('id') ?? 'The category could not be deleted.')
                              : 'The category could not be deleted.',
                          ),
                      );
                    }}
                  >
                    Delete the category
                  </button>
                  <button type="button" className="secondary" onClick={() => setDeleting(null)}>
                    Cancel
                  </button>
                </div>
              </>
            )}
          </Dialog>
        </>
      )}
    </>
  );
}
