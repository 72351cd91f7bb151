import { useState } from 'react';
import { Button, Drawer, Flex, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { stockApi, stockMove, type DeviceKind } from '@swap/contracts';
import { invalidateResources } from '../../shared/api/endpoints';
import { ignoreApiError, isApiError } from '../../shared/api/errors';
import { useZodRules } from '../../shared/form';
import { NumbersInput } from '../../shared/form/NumbersInput';
import { validatedNumbers, withNumbers } from '../../shared/form/validatedNumbers';
import { useUi } from '../../shared/ui';
import { DEVICE_APIS, fieldKey } from '../../shared/devices';
import { moveStock } from './stockQueries';

export type StockDirection = 'in' | 'out';

/** Stock in or out: a list of numbers (pasted or from a CSV file) and a remark, recorded as one batch. */
export function StockMoveDrawer({ kind, direction, onClose }: { kind: DeviceKind; direction: StockDirection | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const rules = useZodRules();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ numbers?: string; remark?: string }>();
  const [busy, setBusy] = useState(false);
  const api = stockApi[kind];
  const numbersLabel = t(fieldKey('numbers'));
  const remarkLabel = t('stock.remark');

  const close = () => {
    form.resetFields();
    onClose();
  };

  const save = async () => {
    const read = await validatedNumbers(form, t, numbersLabel);
    if (!read) return;
    const { values, numbers } = read;
    setBusy(true);
    try {
      const batch = await moveStock(kind, direction === 'out' ? 'out' : 'in', { numbers, remark: values.remark?.trim() ?? '' });
      void message.success(t(direction === 'out' ? 'stock.outDone' : 'stock.inDone', { number: batch.number, count: batch.quantity }));
      // The kind's stock (summary, batches) and its device list, whose stock statuses changed.
      await invalidateResources(queryClient, [api.in, DEVICE_APIS[kind].search]);
      close();
    } catch (error) {
      // "Already out of stock" and the like belong to the list: show the server's words there too.
      if (isApiError(error) && !error.transport) form.setFields([{ name: 'numbers', errors: [withNumbers(error.message, error.data)] }]);
      ignoreApiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={direction !== null}
      title={t(direction === 'out' ? 'stock.outTitle' : 'stock.inTitle')}
      onClose={close}
      size={560}
      destroyOnHidden
      mask={{ closable: !busy }}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} disabled={busy} onClick={() => void save()}>
            {t(direction === 'out' ? 'stock.stockOut' : 'stock.stockIn')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" name={`stock-${kind}`}>
        <Form.Item
          name="numbers"
          label={numbersLabel}
          rules={[{ required: true, message: t('validation.required', { field: numbersLabel }) }]}
          extra={t('deviceRegistry.numbersHelp')}
        >
          <NumbersInput />
        </Form.Item>
        <Form.Item name="remark" label={remarkLabel} rules={rules(stockMove.shape.remark, remarkLabel, { emptyValue: '' })}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
