import { useState } from 'react';
import { Alert, Button, Drawer, Flex, Form, Input, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceBatch, type BatchCheckItem, type BatchCheckResult, type DeviceKind } from '@swap/contracts';
import { ignoreApiError } from '../../shared/api/errors';
import { useZodRules } from '../../shared/form';
import { STATUS_COLORS, StatusTag, type StatusMap } from '../../shared/StatusTag';
// Straight from its module: the table index would pull the whole list (table, search form) into this chunk.
import { useOptionLabels } from '../../shared/table/SearchInput';
import { useUi } from '../../shared/ui';
import { fieldKey } from '../../shared/devices';
import { useDeviceChanges } from './deviceQueries';
import { NumbersInput } from './NumbersInput';
import { validatedNumbers } from './validatedNumbers';
import { useOwnerOptions, useTypeOptions } from './useDeviceOptions';

const CHECK_MAP: StatusMap = {
  NEW: { meaning: 'success', labelKey: 'deviceRegistry.check.NEW' },
  EXISTS: { meaning: 'warning', labelKey: 'deviceRegistry.check.EXISTS' },
  INVALID: { meaning: 'error', labelKey: 'deviceRegistry.check.INVALID' },
};

interface Values {
  typeId?: number;
  merchantId?: number;
  brand?: string;
  model?: string;
  numbers?: string;
}

/** Batch registration: paste or pick up to 1000 numbers, Check (POST <kind>/batch/check), then Register the new ones. */
export function BatchRegisterDrawer({ kind, open, onClose }: { kind: DeviceKind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const rules = useZodRules();
  const optionLabels = useOptionLabels();
  const changes = useDeviceChanges(kind);
  const types = useTypeOptions(kind);
  const owners = useOwnerOptions();
  const [form] = Form.useForm<Values>();
  const [checked, setChecked] = useState<{ body: Values; result: BatchCheckResult } | null>(null);
  const [busy, setBusy] = useState<'check' | 'register' | null>(null);
  const numbersLabel = t(fieldKey('numbers'));

  // validateFields has passed, so the type is chosen (the field's rule is deviceBatch's typeId).
  const bodyOf = (values: Values, numbers: string[]) => ({
    typeId: values.typeId!,
    numbers,
    merchantId: values.merchantId ?? null,
    brand: values.brand?.trim() || null,
    model: values.model?.trim() || null,
  });

  const check = async () => {
    const read = await validatedNumbers(form, t, numbersLabel);
    if (!read) return;
    const { values, numbers } = read;
    setBusy('check');
    try {
      const result = await changes.batchCheck(bodyOf(values, numbers));
      setChecked({ body: values, result });
    } catch (error) {
      ignoreApiError(error);
    } finally {
      setBusy(null);
    }
  };

  const fresh = checked?.result.items.filter((item) => item.status === 'NEW').map((item) => item.number) ?? [];

  const register = async () => {
    if (!checked || fresh.length === 0) return;
    setBusy('register');
    try {
      const result = await changes.batchAdd(bodyOf(checked.body, fresh));
      void message.success(t('deviceRegistry.registered', { count: result.added }));
      close();
    } catch (error) {
      ignoreApiError(error);
    } finally {
      setBusy(null);
    }
  };

  const close = () => {
    setChecked(null);
    form.resetFields();
    onClose();
  };

  const footer = (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={close}>{t('common.cancel')}</Button>
      <Button onClick={() => void check()} loading={busy === 'check'} disabled={busy !== null}>
        {t('deviceRegistry.check')}
      </Button>
      <Button type="primary" onClick={() => void register()} loading={busy === 'register'} disabled={busy !== null || fresh.length === 0}>
        {t('deviceRegistry.registerNew', { count: fresh.length })}
      </Button>
    </Flex>
  );

  return (
    <Drawer
      open={open}
      title={t('deviceRegistry.batchTitle')}
      onClose={close}
      footer={footer}
      size={640}
      destroyOnHidden
      mask={{ closable: busy === null }}
    >
      <Form form={form} layout="vertical" name={`batch-${kind}`} onValuesChange={() => setChecked(null)}>
        <Form.Item name="typeId" label={t(fieldKey('typeId'))} rules={rules(deviceBatch.shape.typeId, t(fieldKey('typeId')))}>
          <Select
            options={optionLabels(types) as never}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('common.selectPlaceholder', { field: t(fieldKey('typeId')) })}
          />
        </Form.Item>
        {owners ? (
          <Form.Item name="merchantId" label={t(fieldKey('merchantName'))} extra={t('deviceRegistry.ownerHelp')}>
            <Select
              allowClear
              options={optionLabels(owners.merchants) as never}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('deviceRegistry.platformStock')}
            />
          </Form.Item>
        ) : null}
        <Flex gap={16}>
          <Form.Item
            name="brand"
            label={t(fieldKey('brand'))}
            rules={rules(deviceBatch.shape.brand, t(fieldKey('brand')))}
            style={{ flex: 1 }}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item
            name="model"
            label={t(fieldKey('model'))}
            rules={rules(deviceBatch.shape.model, t(fieldKey('model')))}
            style={{ flex: 1 }}
          >
            <Input maxLength={40} />
          </Form.Item>
        </Flex>
        <Form.Item
          name="numbers"
          label={numbersLabel}
          rules={[{ required: true, message: t('validation.required', { field: numbersLabel }) }]}
          extra={t('deviceRegistry.numbersHelp')}
        >
          <NumbersInput />
        </Form.Item>
      </Form>
      {checked ? <CheckResult result={checked.result} /> : null}
    </Drawer>
  );
}

function CheckResult({ result }: { result: BatchCheckResult }) {
  const { t } = useTranslation();
  const clean = result.newCount === result.total;
  return (
    <Flex vertical gap={12}>
      <Alert
        type={clean ? 'success' : 'warning'}
        // The theme's darker warning seed makes antd's derived background too dark: the fixed status colours instead.
        style={{
          background: STATUS_COLORS[clean ? 'success' : 'warning'].background,
          borderColor: STATUS_COLORS[clean ? 'success' : 'warning'].border,
        }}
        showIcon
        title={t('deviceRegistry.checkSummary', {
          total: result.total,
          fresh: result.newCount,
          exists: result.existsCount,
          invalid: result.invalidCount,
        })}
        description={clean ? undefined : t('deviceRegistry.checkOnlyNew')}
      />
      <Table<BatchCheckItem & { row: number }>
        size="small"
        rowKey="row"
        dataSource={result.items.map((item, row) => ({ ...item, row }))}
        pagination={{ pageSize: 20, showTotal: (total) => t('table.total', { total }), showSizeChanger: false }}
        columns={[
          { key: 'number', title: t(fieldKey('number')), dataIndex: 'number' },
          {
            key: 'status',
            title: t('deviceRegistry.checkStatus'),
            render: (_v, item) => <StatusTag value={item.status} map={CHECK_MAP} />,
          },
          { key: 'reason', title: t(fieldKey('reason')), render: (_v, item) => item.reason ?? '' },
        ]}
      />
    </Flex>
  );
}
