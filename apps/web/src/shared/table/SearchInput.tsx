import { Select } from 'antd';
// The plain input only: the compound Input also carries OTP, Search, TextArea and Password.
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { LazyDatePicker, LazyInputNumber, LazyRangePicker, LazyRemoteSelect, LazyTreeSelect } from '../lazyInputs';
import type { SearchField, SearchOption } from './types';

export function useOptionLabels(): (options: SearchOption[] | undefined) => { value: string | number | boolean; label: string }[] {
  const { t } = useTranslation();
  return (options) =>
    (options ?? []).map((option) => ({
      value: option.value,
      label: option.labelKey ? t(option.labelKey) : (option.label ?? String(option.value)),
    }));
}

/** The input of one search field; `id` ties it to its label. */
export function SearchInput({
  field,
  id,
  value,
  onChange,
}: {
  field: SearchField;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const optionLabels = useOptionLabels();
  const label = t(field.labelKey);
  const common = { id, value: value as never, onChange: onChange as never, style: { width: '100%' } };
  switch (field.type ?? 'text') {
    case 'number':
      return <LazyInputNumber {...common} placeholder={t('common.inputPlaceholder', { field: label })} />;
    case 'select':
      if (field.source)
        return (
          <LazyRemoteSelect
            id={id}
            value={value}
            onChange={onChange}
            source={field.source}
            multiple={field.multiple}
            placeholder={t('common.selectPlaceholder', { field: label })}
          />
        );
      return (
        <Select
          {...common}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          mode={field.multiple ? 'multiple' : undefined}
          options={optionLabels(field.options) as never}
          placeholder={t('common.selectPlaceholder', { field: label })}
        />
      );
    case 'treeSelect':
      return (
        <LazyTreeSelect
          {...common}
          allowClear
          multiple={field.multiple}
          treeData={field.treeData}
          placeholder={t('common.selectPlaceholder', { field: label })}
        />
      );
    case 'date':
      return <LazyDatePicker {...common} />;
    case 'dateRange':
      return <LazyRangePicker {...common} showTime placeholder={[t('common.startDate'), t('common.endDate')]} />;
    default:
      return <Input {...common} allowClear placeholder={t('common.inputPlaceholder', { field: label })} />;
  }
}
