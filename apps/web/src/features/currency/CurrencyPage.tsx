import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Form, Select, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, CURRENCY_DECIMALS, currencyApi, currencyEdit, type Currency } from '@swap/contracts';
import { useCurrencyConfig } from '../../shared/sessionData';
import { invalidateResources } from '../../shared/api/endpoints';
import { fieldErrorsOf, ignoreApiError } from '../../shared/api/errors';
import { Can } from '../../shared/Can';
import { useZodRules } from '../../shared/form';
import { formatAmount, formatDateTime } from '../../shared/format';
import { useCan } from '../../shared/permissions';
import { ErrorState } from '../../shared/StateView';
import { TitleBar } from '../../shared/TitleBar';
import { useUi } from '../../shared/ui';
import { useSaveCurrency } from './currencyQueries';
import { Text } from '../../shared/Text';

/** The amount the live example shows in the chosen currency. */
const EXAMPLE_AMOUNT = 1234567.891;

/**
 * System centre → International → Currency.
 * @route /system/international/currency
 */
export function CurrencyPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const rules = useZodRules();
  const can = useCan();
  const config = useCurrencyConfig(true);
  const [form] = Form.useForm<{ currency: Currency }>();
  const [chosen, setChosen] = useState<Currency | null>(null);
  const save = useSaveCurrency();
  const current = config.data?.currency ?? null;
  const shown = chosen ?? current;

  const submit = async ({ currency }: { currency: Currency }) => {
    try {
      await save.mutateAsync(currencyEdit.parse({ currency }));
      void message.success(t('currency.saved'));
      // Every amount label reads this query: they switch to the new currency at once.
      await invalidateResources(queryClient, [currencyApi.edit]);
      setChosen(null);
    } catch (error) {
      const text = fieldErrorsOf(error).currency;
      if (text) form.setFields([{ name: 'currency', errors: [text] }]);
      ignoreApiError(error);
    }
  };

  let body;
  if (config.isError && !config.data) body = <ErrorState title={t('currency.loadFailed')} onRetry={() => void config.refetch()} />;
  else if (!config.data)
    body = (
      <Spin description={t('common.loading')}>
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  else
    body = (
      <Flex vertical gap={24}>
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label={t('currency.current')}>
            <strong>{config.data.currency}</strong> · {t(`currency.name.${config.data.currency}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('currency.updatedAt')}>
            {formatDateTime(config.data.updatedAt) || t('common.empty')}
          </Descriptions.Item>
        </Descriptions>
        <Form
          form={form}
          name="currency-form"
          layout="vertical"
          initialValues={{ currency: config.data.currency }}
          onFinish={(values) => void submit(values)}
          style={{ maxWidth: 420 }}
        >
          <Form.Item name="currency" label={t('currency.currency')} rules={rules(currencyEdit.shape.currency, t('currency.currency'))}>
            <Select
              disabled={!can('system.international.currency.edit')}
              onChange={(value: Currency) => setChosen(value)}
              options={CURRENCIES.map((code) => ({ value: code, label: `${code} · ${t(`currency.name.${code}`)}` }))}
            />
          </Form.Item>
          <Form.Item label={t('currency.example')}>
            <Text strong className="currency-example" aria-live="polite">
              {shown ? formatAmount(EXAMPLE_AMOUNT, shown, CURRENCY_DECIMALS[shown]) : ''}
            </Text>
          </Form.Item>
          <Can code="system.international.currency.edit">
            <Button type="primary" htmlType="submit" loading={save.isPending} disabled={save.isPending || shown === current}>
              {t('common.save')}
            </Button>
          </Can>
        </Form>
      </Flex>
    );

  return (
    <>
      <TitleBar title={t('nav.system.international.currency')} />
      <Card>{body}</Card>
    </>
  );
}
