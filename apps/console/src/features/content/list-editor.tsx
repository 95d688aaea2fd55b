import type { ReactNode } from 'react';

/**
 * An ordered list staff edit in place (menu items, banner slides, FAQ
 * items): each row's fields, and buttons to move it up or down or remove it;
 * a button adds a row at the end. Row names make the buttons' accessible
 * names say which row they act on.
 */
export function ListEditor<T>({
  caption,
  items,
  onChange,
  newItem,
  rowName,
  renderFields,
  disabled,
  addLabel,
}: {
  caption: string;
  items: T[];
  onChange: (items: T[]) => void;
  newItem: () => T;
  rowName: (item: T, index: number) => string;
  renderFields: (item: T, index: number, update: (item: T) => void) => ReactNode;
  disabled: boolean;
  addLabel: string;
}) {
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item as T);
    onChange(next);
  };
  return (
    <fieldset className="list-editor" disabled={disabled}>
      <legend>{caption}</legend>
      {items.length === 0 && <p className="hint">None yet.</p>}
      <ol>
        {items.map((item, index) => (
          <li key={index}>
            <div className="list-fields">
              {renderFields(item, index, (changed) =>
                onChange(items.map((current, at) => (at === index ? changed : current))),
              )}
            </div>
            <div className="list-buttons">
              <button
                type="button"
                className="secondary"
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                Move up<span className="visually-hidden">: {rowName(item, index)}</span>
              </button>
              <button
                type="button"
                className="secondary"
                disabled={index === items.length - 1}
                onClick={() => move(index, index + 1)}
              >
                Move down<span className="visually-hidden">: {rowName(item, index)}</span>
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => onChange(items.filter((_item, at) => at !== index))}
              >
                Remove<span className="visually-hidden">: {rowName(item, index)}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="secondary" onClick={() => onChange([...items, newItem()])}>
        {addLabel}
      </button>
    </fieldset>
  );
}
