import { Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  distributionApi,
  distributionBatch,
  distributionCheckResult,
  type DeviceKind,
  type DistributionCheckResult,
} from '@swap/contracts';
import { invalidateResources } from '../../shared/api/endpoints';
import { fieldErrorsOf, isApiError } from '../../shared/api/errors';
import { CheckThenConfirmDrawer, useCheckedBatch } from '../../shared/form/CheckThenConfirmDrawer';
import { LazyRemoteSelect } from '../../shared/lazyInputs';
import { isPlatformUser } from '../../shared/session';
import { useUi } from '../../shared/ui';
import { DEVICE_APIS, fieldKey } from '../../shared/devices';
import { merchantSource } from '../../shared/merchantChoices';
import { CHECK_MAP, numberRefusal } from './distributionModel';
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
  const queryClient = useQueryClient();
  const platform = isPlatformUser();
  const api = distributionApi[kind];

  const bodyOf = (values: Values, numbers: string[]) => ({
    numbers,
    merchantId: values.merchantId ?? null,
    stationId: values.stationId ?? null,
    remark: values.remark?.trim() ?? '',
  });

  const batch = useCheckedBatch<Values, DistributionCheckResult>({
    onClose,
    readyStatus: 'READY',
    check: (values, numbers) => checkDistribution(kind, bodyOf(values, numbers)),
    confirm: async (values, ready) => {
      const done = await distributeDevices(kind, bodyOf(values, ready));
      void message.success(t('distribution.distributed', { count: done.count }));
      // The history and the kind's device list, whose owners and stations changed.
      await invalidateResources(queryClient, [api.search, DEVICE_APIS[kind].search]);
    },
    // A refusal of the merchant or station goes under its field; one naming a number's place under the list.
    onRefused: (error) => {
      if (!isApiError(error) || error.transport) return;
      const named = Object.entries(fieldErrorsOf(error)).filter(([name]) => name === 'merchantId' || name === 'stationId');
      if (named.length) batch.form.setFields(named.map(([name, text]) => ({ name: name as keyof Values, errors: [text] })));
      const atNumber = numberRefusal(error, t);
      if (atNumber) batch.form.setFields([{ name: 'numbers', errors: [atNumber] }]);
      const result = distributionCheckResult.safeParse(error.data);
      if (result.success) batch.replaceResult(result.data);
    },
  });
  const merchantId = Form.useWatch('merchantId', batch.form);
  const stations = useStationChoices(kind, platform ? (merchantId ?? null) : undefined);

  return (
    <CheckThenConfirmDrawer
      batch={batch}
      open={open}
      title={t('distribution.distributeTitle')}
      name={`distribute-${kind}`}
      confirmLabel={t('distribution.distributeReady', { count: batch.ready.length })}
      statusMap={CHECK_MAP}
      summary={(result) => ({
        clean: result.refusedCount === 0,
        title: t('distribution.checkSummary', { total: result.total, ready: result.readyCount, refused: result.refusedCount }),
        description: t('distribution.checkOnlyReady'),
      })}
      remark={{ schema: distributionBatch.shape.remark }}
      onValuesChange={(changed) => {
        // Another merchant: its stations only.
        if ('merchantId' in changed) batch.form.setFieldValue('stationId', undefined);
      }}
    >
      {platform ? (
        <Form.Item name="merchantId" label={t(fieldKey('merchantId'))} extra={t('distribution.merchantHelp')}>
          <LazyRemoteSelect source={merchantSource} placeholder={t('deviceRegistry.platformStock')} />
        </Form.Item>
      ) : null}
      <Form.Item name="stationId" label={t(fieldKey('stationId'))} extra={t(`distribution.stationHelp.${kind}`)}>
        <LazyRemoteSelect source={stations} placeholder={t('common.selectPlaceholder', { field: t(fieldKey('stationId')) })} />
      </Form.Item>
    </CheckThenConfirmDrawer>
  );
}
