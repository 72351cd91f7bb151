import { useState } from 'react';
import { Button, Col, Flex, Form, Grid, Row } from 'antd';
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { safeText } from '@swap/contracts';
import { useZodRules } from '../form/zodRules';
import { SearchInput } from './SearchInput';
import type { SearchField } from './types';

const DEFAULT_TEXT_SCHEMA = safeText(100).optional();

/** Whether a search value narrows the list (an empty text, list or range does not). */
function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  return !Array.isArray(value) || value.some(isSet);
}

/** Fields per row by screen width; everything past the first row folds away. */
function usePerRow(): number {
  const screens = Grid.useBreakpoint();
  if (screens.xl) return 4;
  if (screens.lg) return 3;
  if (screens.sm) return 2;
  return 1;
}

export interface SearchFormProps {
  fields: SearchField[];
  formId: string;
  onSearch: (values: Record<string, unknown>) => void;
  onReset: () => void;
  loading?: boolean;
  /** Values the form opens with (the list's address); Reset clears them too. */
  initialValues?: Record<string, unknown>;
}

export function SearchForm({ fields, formId, onSearch, onReset, loading, initialValues }: SearchFormProps) {
  const { t } = useTranslation();
  const rules = useZodRules();
  const [form] = Form.useForm<Record<string, unknown>>();
  // Unset, the fold opens by itself when the list's address sets a field it would hide (a filtered
  // link such as the header bell's), so no filter in force is out of sight.
  const [expandedChoice, setExpanded] = useState<boolean>();
  const perRow = usePerRow();
  const span = 24 / perRow;
  const foldable = fields.length > perRow;
  const expanded = expandedChoice ?? fields.some((field, index) => index >= perRow && isSet(initialValues?.[field.name]));
  const reset = () => {
    form.resetFields();
    // resetFields goes back to the opening values: an emptied form searches everything.
    form.setFieldsValue(Object.fromEntries(fields.map((field) => [field.name, undefined])));
    onReset();
  };
  return (
    <Form
      form={form}
      name={formId}
      layout="vertical"
      initialValues={initialValues}
      className="search-form"
      role="search"
      aria-label={t('table.searchForm')}
      onFinish={onSearch}
    >
      <Row gutter={16}>
        {fields.map((field, index) => {
          const label = t(field.labelKey);
          const schema = field.schema ?? ((field.type ?? 'text') === 'text' ? DEFAULT_TEXT_SCHEMA : undefined);
          return (
            // antd's Col is display:flex, which beats the hidden attribute: fold with a style.
            <Col key={field.name} span={span} style={foldable && !expanded && index >= perRow ? { display: 'none' } : undefined}>
              <Form.Item name={field.name} label={label} rules={schema ? rules(schema, label) : undefined}>
                <SearchInput field={field} />
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      <Flex gap={8} justify="flex-end" wrap>
        {foldable ? (
          <Button
            type="link"
            icon={expanded ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setExpanded(!expanded)}
            aria-expanded={expanded}
          >
            {expanded ? t('table.collapse') : t('table.expand')}
          </Button>
        ) : null}
        <Button onClick={reset}>{t('table.reset')}</Button>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
          {t('table.search')}
        </Button>
      </Flex>
    </Form>
  );
}
