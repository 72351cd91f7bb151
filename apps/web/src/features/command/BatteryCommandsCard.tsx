import { lazy, useId } from 'react';
import { Alert, Button, Card, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { commandApi, type BatteryRecord } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { LazyPart } from '../../shared/detail';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { useLastSeen } from '../../shared/connectivity';
import { batteryCommands, commandLabelKey } from './commandModel';
import { useSendCommand } from './useSendCommand';
import { Text } from '../../shared/Text';

// The history's table loads with the card, not with the device page (docs/scaling.md, "Web bundle").
const CommandHistory = lazy(() => import('./CommandHistory').then((m) => ({ default: m.CommandHistory })));

/** The battery page's commands (operation.battery), sent to the compartment holding the battery, and their history. */
export function BatteryCommandsCard({ battery }: { battery: Pick<BatteryRecord, 'id' | 'number' | 'chargeSwitch' | 'dischargeSwitch'> }) {
  const { t } = useTranslation();
  const send = useSendCommand();
  const reasonId = useId();
  // Where the commands would go: the compartment holding the battery, and whether its cabinet is online
  // (read again at each change the battery's stream tells of it or of that cabinet, see useBatteryDetail).
  const place = useEndpointQuery(commandApi.batteryPlace, { batteryId: battery.id });
  const lastSeen = useLastSeen(place.data?.lastReportAt ?? null);
  const reason = !place.isSuccess
    ? undefined
    : place.data === null
      ? t('command.notInCabinet')
      : place.data.online
        ? undefined
        : t('command.offline', { lastSeen });
  return (
    <Can code="operation.battery">
      <Card title={t('command.history')}>
        <Flex vertical gap={16}>
          <Flex vertical gap={6}>
            <Text type="secondary">{t('command.batteryHint')}</Text>
            <Flex gap={8} wrap role="group" aria-label={t('command.remote')}>
              {batteryCommands(battery).map((name) => (
                // A disabled button tells no pointer anything: the tooltip sits on its wrapper.
                <Tooltip key={name} title={reason}>
                  <span>
                    <Button
                      disabled={reason !== undefined}
                      aria-describedby={reason === undefined ? undefined : reasonId}
                      onClick={() => send({ kind: 'battery', batteryId: battery.id, batteryNumber: battery.number, name })}
                    >
                      {t(commandLabelKey(name))}
                    </Button>
                  </span>
                </Tooltip>
              ))}
            </Flex>
            {reason !== undefined && (
              <div id={reasonId}>
                <Alert type="warning" showIcon title={reason} />
              </div>
            )}
          </Flex>
          <LazyPart>
            <CommandHistory batteryId={battery.id} />
          </LazyPart>
        </Flex>
      </Card>
    </Can>
  );
}
