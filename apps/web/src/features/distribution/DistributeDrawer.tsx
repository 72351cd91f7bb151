import { useState } from 'react';
import { Alert, Button, Drawer, Flex, Form, Input, Select, Table } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  distributionApi,
  distributionBatch,
  distributionCheckResult,
  type DeviceKind,
  type DistributionCheckItem,
  type DistributionCheckResult,
} from '@swap/contracts';
import { invalidateResources } from '../../shared/api/endpoints';
import { fieldErrorsOf, ignoreApiError, isApiError } from '../../shared/api/errors';
import { useZodRules } from '../../shared/form';
import { STATUS_COLORS, StatusTag } from '../../shared/StatusTag';
// Straight from its module: the table index would pull the whole list (table, search form) into this chunk.
import { useOptionLabels } from '../../shared/table/SearchInput';
import { useUi } from '../../shared/ui';
import { DEVICE_APIS, fieldKey } from '../../shared/devices';
import { NumbersInput, useOwnerOptions, validatedNumbers } from '../device-registry';
import { CHECK_MAP } from './distributionModel';
import { checkDistribution, distributeDevices } from './distributionQueries';
import { useStationChoices } from './useStationChoices';

interface Values {
  merchantId?: number;
  stationId?: number;
  numbers?: string;
  remark?: string;
}

/**
 * Distribute: numbers typed, pasted or read from a CSV file (up to 1,000), the merchant (platform
 * staff) and the station; Check answers each number ready or refused with its reason, then the
 * ready ones are distributed (docs/operation-centre.md, "Distribution").
 */
export function DistributeDrawer({ kind, open, onClose }: { kind: DeviceKind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const rules = useZodRules();
  const optionLabels = useOptionLabels();
  const queryClient = useQueryClient();
  const owners = useOwnerOptions();
  const [form] = Form.useForm<Values>();
  const merchantId = Form.useWatch('merchantId', form);
  const stations = useStationChoices(kind, owners ? (merchantId ?? null) : undefined);
  const [checked, setChecked] = useState<{ body: Values; result: DistributionCheckResult } | null>(null);
  const [busy, setBusy] = useState<'check' | 'distribute' | null>(null);
  const api = distributionApi[kind];
  const numbersLabel = t(fieldKey('numbers'));
  const remarkLabel = t(fieldKey('remark'));

  const bodyOf = (values: Values, numbers: string[]) => ({
    numbers,
    merchantId: values.merchantId ?? null,
    stationId: values.stationId ?? null,
    remark: values.remark?.trim() ?? '',
  });

  /** A refusal of the merchant or station goes under its field; one of the numbers under the list. */
  const showRefusal = (error: unknown) => {
    if (!isApiError(error) || error.transport) return;
    const fields = fieldErrorsOf(error);
    const named = Object.entries(fields).filter(([name]) => name === 'merchantId' || name === 'stationId');
    if (named.length) form.setFields(named.map(([name, text]) => ({ name: name as keyof Values, errors: [text] })));
    const result = distributionCheckResult.safeParse(error.data);
    if (result.success) setChecked((before) => (before ? { ...before, result: result.data } : before));
  };

  const check = async () => {
    const read = await validatedNumbers(form, t, numbersLabel);
    if (!read) return;
    const { values, numbers } = read;
    setBusy('check');
    try {
      setChecked({ body: values, result: await checkDistribution(kind, bodyOf(values, numbers)) });
    } catch (error) {
      showRefusal(error);
      ignoreApiError(error);
    } finally {
      setBusy(null);
    }
  };

  const ready = checked?.result.items.filter((item) => item.status === 'READY').map((item) => item.number) ?? [];

  const distribute = async () => {
    if (!checked || ready.length === 0) return;
    setBusy('distribute');
    try {
      const done = await distributeDevices(kind, bodyOf(checked.body, ready));
      void message.success(t('distribution.distributed', { count: done.count }));
      // The history and the kind's device list, whose owners and stations changed.
      await invalidateResources(queryClient, [api.search, DEVICE_APIS[kind].search]);
      close();
    } catch (error) {
      showRefusal(error);
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
      <Button
        type="primary"
        onClick={() => void distribute()}
        loading={busy === 'distribute'}
        disabled={busy !== null || ready.length === 0}
      >
        {t('distribution.distributeReady', { count: ready.length })}
      </Button>
    </Flex>
  );

  return (
    <Drawer
      open={open}
      title={t('distribution.distributeTitle')}
      onClose={close}
      footer={footer}
      size={640}
      destroyOnHidden
      mask={{ closable: busy === null }}
    >
      <Form
        form={form}
        layout="vertical"
        name={`distribute-${kind}`}
        onValuesChange={(changed: Values) => {
          setChecked(null);
          // Another merchant: its stations only.
          if ('merchantId' in changed) form.setFieldValue('stationId', undefined);
        }}
      >
        {owners ? (
          <Form.Item name="merchantId" label={t(fieldKey('merchantId'))} extra={t('distribution.merchantHelp')}>
            <Select
              allowClear
              options={optionLabels(owners.merchants) as never}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('deviceRegistry.platformStock')}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="stationId" label={t(fieldKey('stationId'))} extra={t(`distribution.stationHelp.${kind}`)}>
          <Select
            allowClear
            options={stations}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('common.selectPlaceholder', { field: t(fieldKey('stationId')) })}
          />
        </Form.Item>
        <Form.Item
          name="numbers"
          label={numbersLabel}
          rules={[{ required: true, message: t('validation.required', { field: numbersLabel }) }]}
          extra={t('deviceRegistry.numbersHelp')}
        >
          <NumbersInput />
        </Form.Item>
        <Form.Item name="remark" label={remarkLabel} rules={rules(distributionBatch.shape.remark, remarkLabel, { emptyValue: '' })}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
      {checked ? <CheckResult result={checked.result} /> : null}
    </Drawer>
  );
}

/** The check's answer: counts, then each number ready or refused with its reason. */
function CheckResult({ result }: { result: DistributionCheckResult }) {
  const { t } = useTranslation();
  const clean = result.refusedCount === 0;
  const colors = STATUS_COLORS[clean ? 'success' : 'warning'];
  return (
    <Flex vertical gap={12}>
      <Alert
        type={clean ? 'success' : 'warning'}
        style={{ background: colors.background, borderColor: colors.border }}
        showIcon
        title={t('distribution.checkSummary', { total: result.total, ready: result.readyCount, refused: result.refusedCount })}
        description={clean ? undefined : t('distribution.checkOnlyReady')}
      />
      <Table<DistributionCheckItem & { row: number }>
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
