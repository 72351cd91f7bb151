import { Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceBatch, type BatchCheckResult, type DeviceKind } from '@swap/contracts';
import { useZodRules } from '../../shared/form';
// Straight from its module, as every kit piece beside the form's index: a list page that imports the index loads none of it.
import { CheckThenConfirmDrawer, useCheckedBatch } from '../../shared/form/CheckThenConfirmDrawer';
import type { StatusMap } from '../../shared/StatusTag';
// Straight from its module: the table index would pull the whole list (table, search form) into this chunk.
import { useOptionLabels } from '../../shared/table/SearchInput';
import { useUi } from '../../shared/ui';
import { LazyRemoteSelect } from '../../shared/lazyInputs';
import { fieldKey } from '../../shared/devices';
import { useDeviceChanges } from './deviceQueries';
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

  // validateFields has passed, so the type is chosen (the field's rule is deviceBatch's typeId).
  const bodyOf = (values: Values, numbers: string[]) => ({
    typeId: values.typeId!,
    numbers,
    merchantId: values.merchantId ?? null,
    brand: values.brand?.trim() || null,
    model: values.model?.trim() || null,
  });

  const batch = useCheckedBatch<Values, BatchCheckResult>({
    onClose,
    readyStatus: 'NEW',
    check: (values, numbers) => changes.batchCheck(bodyOf(values, numbers)),
    confirm: async (values, fresh) => {
      const result = await changes.batchAdd(bodyOf(values, fresh));
      void message.success(t('deviceRegistry.registered', { count: result.added }));
    },
  });

  return (
    <CheckThenConfirmDrawer
      batch={batch}
      open={open}
      title={t('deviceRegistry.batchTitle')}
      name={`batch-${kind}`}
      confirmLabel={t('deviceRegistry.registerNew', { count: batch.ready.length })}
      statusMap={CHECK_MAP}
      summary={(result) => ({
        clean: result.newCount === result.total,
        title: t('deviceRegistry.checkSummary', {
          total: result.total,
          fresh: result.newCount,
          exists: result.existsCount,
          invalid: result.invalidCount,
        }),
        description: t('deviceRegistry.checkOnlyNew'),
      })}
    >
      <Form.Item name="typeId" label={t(fieldKey('typeId'))} rules={rules(deviceBatch.shape.typeId, t(fieldKey('typeId')))}>
        <Select
          options={optionLabels(types) as never}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('common.selectPlaceholder', { field: t(fieldKey('typeId')) })}
        />
      </Form.Item>
      {owners ? (
        <Form.Item name="merchantId" label={t(fieldKey('merchantName'))} extra={t('deviceRegistry.ownerHelp')}>
          <LazyRemoteSelect source={owners.merchants} placeholder={t('deviceRegistry.platformStock')} />
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
    </CheckThenConfirmDrawer>
  );
}
