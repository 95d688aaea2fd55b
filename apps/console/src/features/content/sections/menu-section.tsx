import { useState } from 'react';
import { menuAudiences, type MenuAudience } from '@club/contract/layout';
import { MenuItemsBodySchema, type ContentMenuItem } from '@club/contract/staff-content';
import { Field, TextField } from '../../../lib/ui/field';
import { ListEditor } from '../list-editor';
import { PublishState } from '../publish-state';
import { useChange } from '../use-change';
import { useEdits } from '../../../lib/unsaved-changes';
import { dirOf, type SectionProps } from './section-props';

const audienceNames: Record<MenuAudience, string> = {
  guest: 'Guests only',
  member: 'Members only',
  both: 'Guests and members',
};

/** The header menu: items in order, each with its page, title and who sees it. */
export function MenuSection({ country, content, canEdit }: SectionProps) {
  const [items, setItems] = useState<ContentMenuItem[]>(content.menuItems);
  const edits = useEdits(items, content.menuItems);
  const change = useChange(country.code);
  const error = (index: number, field: string) => change.fieldErrors[`items.${index}.${field}`];
  return (
    <form
      aria-labelledby="menu-title"
      onSubmit={(event) => {
        event.preventDefault();
        void change
          .send(MenuItemsBodySchema, { items }, (body) => ({
            method: 'PUT',
            path: `${content.countryCode}/${content.languageCode}/menu`,
            body,
          }))
          .then((published) => published && edits.savedAs(items));
      }}
    >
      <h2 id="menu-title">Menu</h2>
      <ListEditor
        caption="Menu items, in the order of the header"
        items={items}
        onChange={setItems}
        newItem={(): ContentMenuItem => ({ pageName: '', title: '', audience: 'both' })}
        rowName={(item, index) => item.title || `item ${index + 1}`}
        disabled={!canEdit}
        addLabel="Add a menu item"
        renderFields={(item, index, update) => (
          <>
            <TextField
              label={`Page of item ${index + 1}`}
              value={item.pageName}
              dir="ltr"
              error={error(index, 'pageName')}
              onChange={(event) => update({ ...item, pageName: event.target.value })}
            />
            <TextField
              label={`Title of item ${index + 1}`}
              value={item.title}
              dir={dirOf(content.isRtl)}
              error={error(index, 'title')}
              onChange={(event) => update({ ...item, title: event.target.value })}
            />
            <Field label={`Who sees item ${index + 1}`} error={error(index, 'audience')}>
              {(control) => (
                <select
                  {...control}
                  value={item.audience}
                  onChange={(event) =>
                    update({ ...item, audience: event.target.value as MenuAudience })
                  }
                >
                  {menuAudiences.map((audience) => (
                    <option key={audience} value={audience}>
                      {audienceNames[audience]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </>
        )}
      />
      {canEdit && <button type="submit">Publish the menu</button>}
      <PublishState {...change} />
    </form>
  );
}
