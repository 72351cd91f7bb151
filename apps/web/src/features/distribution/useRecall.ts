import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { distributionApi, type DeviceKind } from '@swap/contracts';
import { invalidateResources, request } from '../../shared/api/endpoints';
import { isApiError } from '../../shared/api/errors';
import { useUi } from '../../shared/ui';
import { DEVICE_APIS } from '../../shared/devices';
import { withNumbers } from '../../shared/form/validatedNumbers';
import { numberRefusal } from './distributionModel';

/**
 * Recalls devices to stock, says how many, and reloads the history and the kind's device list; a
 * refusal naming numbers (nothing to recall, a device unknown, a number's place) goes to `showRefusal` as well.
 */
export function useRecall(kind: DeviceKind) {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const api = distributionApi[kind];
  return async (numbers: string[], remark: string, showRefusal?: (text: string) => void) => {
    try {
      const done = await request(api.recall, { numbers, remark });
      void message.success(t('distribution.recalled', { count: done.count }));
      await invalidateResources(queryClient, [api.search, DEVICE_APIS[kind].search]);
    } catch (error) {
      if (isApiError(error) && !error.transport) showRefusal?.(numberRefusal(error, t) ?? withNumbers(error.message, error.data));
      throw error;
    }
  };
}
