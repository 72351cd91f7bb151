import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { CURRENCY_DECIMALS, paymentApi, type PaymentEventRecord } from '@swap/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../shared/api/endpoints';
import { ConfirmButton } from '../../shared/confirm';
import { fieldKey } from '../../shared/devices';
import { formatAmount, formatDateTime } from '../../shared/format';
import { useUi } from '../../shared/ui';

export interface OrderPaymentsProps {
  orderNo: string;
  /** The action code staff need to ask the gateway for this kind's payment (order.battery.pay). */
  payCode: string;
  /** Whether the order owes something now (its state table's pay step): only then is "Request payment" offered. */
  owing: boolean;
}

/**
 * An order's payments (docs/orders.md, "Paying an order"): staff's requests to the payment gateway
 * and the gateway's reports, newest first, and "Request payment" while the order owes something.
 */
export default function OrderPaymentsCard({ orderNo, payCode, owing }: OrderPaymentsProps) {
  const { t } = useTranslation();
  const { message } = useUi();
  const history = useEndpointQuery(paymentApi.history, { orderNo });
  const start = useEndpointMutation(paymentApi.start, [paymentApi.history]);
  return (
    <Card
      title={t('payment.title')}
      style={{ marginTop: 16 }}
      extra={
        owing ? (
          <ConfirmButton
            type="primary"
            size="middle"
            labelKey="payment.request"
            confirmKey="payment.requestConfirm"
            code={payCode}
            onConfirm={async () => {
              const asked = await start({ orderNo });
              void message.success(
                t('payment.requested', { amount: formatAmount(asked.amount, asked.currency, CURRENCY_DECIMALS[asked.currency]) }),
              );
            }}
          />
        ) : null
      }
    >
      <Table<PaymentEventRecord>
        rowKey={(e) => `${e.event}-${e.paymentGateway}-${e.transactionId}`}
        size="small"
        pagination={false}
        loading={history.isLoading}
        dataSource={history.data ?? []}
        columns={[
          { key: 'at', title: t('payment.at'), render: (_, e) => formatDateTime(e.at) },
          { key: 'event', title: t('payment.event'), render: (_, e) => t(`payment.event.${e.event}`) },
          { key: 'paymentGateway', title: t(fieldKey('paymentGateway')), dataIndex: 'paymentGateway' },
          { key: 'transactionId', title: t(fieldKey('transactionId')), dataIndex: 'transactionId' },
          {
            key: 'amount',
            title: t(fieldKey('amount')),
            align: 'right',
            render: (_, e) => formatAmount(e.amount, e.currency, CURRENCY_DECIMALS[e.currency]),
          },
          { key: 'status', title: t(fieldKey('status')), render: (_, e) => (e.status ? t(`payment.result.${e.status}`) : '') },
          { key: 'operatorName', title: t('payment.operator'), render: (_, e) => e.operatorName ?? '' },
        ]}
      />
    </Card>
  );
}
