import type { Dayjs } from 'dayjs';
import { Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@swap/contracts';
import { useOptionLabels } from '../table/SearchInput';
import { LazyDatePicker, LazyFileInput, LazyImageUpload, LazyRemoteSelect, LazyTreeSelect } from '../lazyInputs';
import { fromPickerValue, pickerFormat, toPickerValue, type DateFieldType } from './dateValue';
import { merchantSource } from '../merchantChoices';
import { useCurrency } from '../money';
import { currencySymbol } from './agentCurrency';
import type { FormField } from './types';

export interface FieldInputProps {
  field: FormField;
  label: string;
  readOnly: boolean;
  /** Injected by Form.Item, with its aria-describedby (the error and help), aria-invalid and aria-required. */
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** The accessibility wiring Form.Item hands its input (aria-describedby naming the field's error): passed on unchanged. */
type Aria = Record<`aria-${string}`, string>;

/** The input of one declared form field. */
export function FieldInput({ field, label, readOnly, id, value, onChange, ...aria }: FieldInputProps & Aria) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const optionLabels = useOptionLabels();
  const currency = useCurrency();
  const wiring = { id, ...aria };
  const bind = { ...wiring, value: value as never, onChange: onChange as never, disabled: readOnly };
  const enter = t('common.inputPlaceholder', { field: label });
  const choose = t('common.selectPlaceholder', { field: label });
  switch (field.type ?? 'text') {
    case 'password':
      return <Input.Password {...bind} placeholder={enter} autoComplete="new-password" maxLength={field.maxLength} />;
    case 'number':
      return (
        <InputNumber {...bind} placeholder={enter} min={field.min} max={field.max} precision={field.precision} style={{ width: '100%' }} />
      );
    case 'money':
      return (
        <Input
          {...bind}
          placeholder={enter}
          inputMode="decimal"
          prefix={currency ? currencySymbol(currency, language) : undefined}
          autoComplete="off"
        />
      );
    case 'select':
      if (field.source) return <LazyRemoteSelect {...bind} source={field.source} multiple={field.multiple} placeholder={choose} />;
      return (
        <Select
          {...bind}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          mode={field.multiple ? 'multiple' : undefined}
          options={optionLabels(field.options) as never}
          placeholder={choose}
        />
      );
    case 'agent':
      return <AgentInput {...bind} placeholder={choose} />;
    case 'tags':
      return (
        <Select
          {...bind}
          mode="tags"
          open={false}
          suffix={null}
          tokenSeparators={[',', ' ', '\n']}
          placeholder={enter}
          maxCount={field.max}
        />
      );
    case 'treeSelect':
      return (
        <LazyTreeSelect
          {...bind}
          allowClear
          multiple={field.multiple || field.checkable}
          treeCheckable={field.checkable}
          treeData={field.treeData}
          treeDefaultExpandAll
          placeholder={choose}
          style={{ width: '100%' }}
        />
      );
    case 'date':
    case 'dateTime': {
      const type: DateFieldType = field.type === 'date' ? 'date' : 'dateTime';
      return (
        <LazyDatePicker
          {...wiring}
          value={toPickerValue(type, value)}
          onChange={(picked) => onChange?.(fromPickerValue(type, picked as Dayjs | null))}
          showTime={type === 'dateTime'}
          format={pickerFormat(type)}
          disabled={readOnly}
          placeholder={choose}
          style={{ width: '100%' }}
        />
      );
    }
    case 'switch':
      return <Switch {...wiring} checked={value === true} onChange={(checked) => onChange?.(checked)} disabled={readOnly} />;
    case 'textarea':
      return (
        <Input.TextArea
          {...bind}
          placeholder={enter}
          rows={field.rows ?? 4}
          maxLength={field.maxLength}
          showCount={field.maxLength !== undefined}
        />
      );
    case 'image':
      return (
        <LazyImageUpload
          id={id}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
          upload={field.upload}
          uploadFields={field.uploadFields}
          fileUrl={field.fileUrl}
          download={field.download}
          label={label}
          disabled={readOnly}
        />
      );
    case 'file':
      return (
        <LazyFileInput
          {...wiring}
          value={value instanceof File ? value : null}
          onChange={(file) => onChange?.(file)}
          accept={field.accept}
          label={label}
          disabled={readOnly}
        />
      );
    default:
      return <Input {...bind} placeholder={enter} maxLength={field.maxLength} showCount={field.maxLength !== undefined} />;
  }
}

/**
 * The agent field's choice of merchants, searched on the server by the merchant options call, which
 * any signed-in account may make (the merchant list's call needs the merchant menu).
 */
function AgentInput(props: { id?: string; value: never; onChange: never; disabled: boolean; placeholder: string }) {
  return <LazyRemoteSelect {...props} source={merchantSource} />;
}
