import { useDictionary } from '../../../shared/use-dictionary';
import { OptionalMark, SelectField } from '../../../shared/forms/fields';
import { monthNames } from './month-names';

const days = Array.from({ length: 31 }, (_, index) => String(index + 1).padStart(2, '0'));

/** Birthday day (01 to 31) and month (January to December), both optional (spec 1 §2, §5). */
export function BirthdayFields() {
  const text = useDictionary();
  const months = monthNames(text);
  return (
    <fieldset className="membership__fieldset">
      <legend>
        {text('form.birthday', 'Birthday')} <OptionalMark id="birthday-optional" />
      </legend>
      <SelectField
        name="birthdayDay"
        label={text('form.birthdayDay', 'Day')}
        placeholder={text('form.choose', 'Please choose')}
        options={days.map((day) => ({ value: day, label: day }))}
      />
      <SelectField
        name="birthdayMonth"
        label={text('form.birthdayMonth', 'Month')}
        placeholder={text('form.choose', 'Please choose')}
        options={months.map((name, index) => ({
          value: String(index + 1).padStart(2, '0'),
          label: name,
        }))}
      />
    </fieldset>
  );
}
