import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { batteryApi, cabinetApi, commandApi, type BatteryCommandName, type CabinetCommandName } from '@swap/contracts';
import { invalidateResources, request } from '../../shared/api/endpoints';
import { useConfirm } from '../../shared/confirm';
import { useUi } from '../../shared/ui';
import { commandLabelKey } from './commandModel';

export type CommandOrder =
  | { kind: 'cabinet'; cabinetId: number; cabinetNumber: string; name: CabinetCommandName; compartment?: number }
  | { kind: 'battery'; batteryId: number; batteryNumber: string; name: BatteryCommandName };

function question(order: CommandOrder): { key: string; params: Record<string, unknown> } {
  if (order.kind === 'battery') return { key: 'command.confirmBattery', params: { battery: order.batteryNumber } };
  if (order.name === 'RESTART') return { key: 'command.confirmRestart', params: { cabinet: order.cabinetNumber } };
  return { key: 'command.confirmCompartment', params: { cabinet: order.cabinetNumber, compartment: order.compartment } };
}

/**
 * Asks first, then sends and waits for the device's answer (the OK button spins meanwhile). Success
 * is reported here; a device failure, refusal or timeout is the server's localized message, which
 * the api client shows. Either way the detail pages and command lists reload, so the compartment
 * shows its new state without a page reload.
 */
export function useSendCommand(): (order: CommandOrder) => void {
  const { t } = useTranslation();
  const { message } = useUi();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  return (order) => {
    const command = t(commandLabelKey(order.name));
    const { key, params } = question(order);
    confirm({
      titleKey: 'command.confirmTitle',
      contentKey: key,
      contentParams: { ...params, command },
      danger: order.name === 'RESTART',
      onOk: async () => {
        try {
          if (order.kind === 'battery') await request(commandApi.batterySend, { batteryId: order.batteryId, name: order.name });
          else
            await request(commandApi.cabinetSend, {
              cabinetId: order.cabinetId,
              name: order.name,
              compartment: order.compartment,
            });
          void message.success(t(order.name === 'RESTART' ? 'command.restartTriggered' : 'command.succeeded', { command }));
        } finally {
          // A command changes the device it acts on: its detail, lists and command history (all under its resource).
          await invalidateResources(queryClient, [cabinetApi.detail, batteryApi.detail]);
        }
      },
    });
  };
}
