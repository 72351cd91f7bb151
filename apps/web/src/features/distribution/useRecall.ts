import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { distributionApi, type DeviceKind } from '@swap/contracts';
import { invalidateResources, request } from '../../shared/api/endpoints';
import { useUi } from '../../shared/ui';
import { DEVICE_APIS } from '../../shared/devices';

/** Recalls devices to stock, says how many, and reloads the history and the kind's device list. */
export function useRecall(kind: DeviceKind) {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const api = distributionApi[kind];
  return async (numbers: string[], remark: string) => {
    const done = await request(api.recall, { numbers, remark });
    void message.success(t('distribution.recalled', { count: done.count }));
    await invalidateResources(queryClient, [api.search, DEVICE_APIS[kind].search]);
  };
}
