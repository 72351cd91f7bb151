import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DENSITIES, type TablePrefs } from './tablePrefs';

export interface ViewSettingsProps {
  /** The list's columns the user may hide, with their shown titles. */
  columns: { key: string; title: string }[];
  prefs: TablePrefs;
  onChange: (prefs: TablePrefs) => void;
  onClose: () => void;
}

/**
 * The column chooser and row density of a list, under its toolbar button; loaded the first time the
 * button is pressed. Plain inputs and no antd overlay keep its chunk to a few hundred bytes.
 * Escape or a press outside closes it.
 */
export default function ViewSettings({ columns, prefs, onChange, onClose }: ViewSettingsProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const shown = columns.filter((column) => !prefs.hidden.includes(column.key));

  useEffect(() => {
    panel.current?.querySelector('input')?.focus();
    const outside = (event: Event) => {
      if (!panel.current?.parentElement?.contains(event.target as Node)) onClose();
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [onClose]);

  return (
    <div ref={panel} className="view-settings" role="dialog" aria-label={t('table.view')}>
      <fieldset>
        <legend>{t('table.columns')}</legend>
        {columns.map((column) => {
          const visible = !prefs.hidden.includes(column.key);
          return (
            <label key={column.key}>
              <input
                type="checkbox"
                checked={visible}
                // The last shown column stays: a list without columns says nothing.
                disabled={visible && shown.length === 1}
                onChange={(event) =>
                  onChange({
                    ...prefs,
                    hidden: event.target.checked ? prefs.hidden.filter((key) => key !== column.key) : [...prefs.hidden, column.key],
                  })
                }
              />
              {column.title}
            </label>
          );
        })}
      </fieldset>
      <fieldset>
        <legend>{t('table.density')}</legend>
        {DENSITIES.map((density) => (
          <label key={density}>
            <input type="radio" name="density" checked={prefs.density === density} onChange={() => onChange({ ...prefs, density })} />
            {t(`table.density.${density}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
