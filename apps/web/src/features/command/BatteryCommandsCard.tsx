import { lazy } from 'react';
import { Button, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatteryRecord } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { LazyPart } from '../../shared/detail';
import { batteryCommands, commandLabelKey } from './commandModel';
import { useSendCommand } from './useSendCommand';
import { Text } from '../../shared/Text';

// The history's table loads with the card, not with the device page (docs/scaling.md, "Web bundle").
const CommandHistory = lazy(() => import('./CommandHistory').then((m) => ({ default: m.CommandHistory })));

/** The battery page's commands (operation.battery), sent to the compartment holding the battery, and their history. */
export function BatteryCommandsCard({ battery }: { battery: Pick<BatteryRecord, 'id' | 'number' | 'chargeSwitch' | 'dischargeSwitch'> }) {
  const { t } = useTranslation();
  const send = useSendCommand();
  return (
    <Can code="operation.battery">
      <Card title={t('command.history')}>
        <Flex vertical gap={16}>
          <Flex vertical gap={6}>
            <Text type="secondary">{t('command.batteryHint')}</Text>
            <Flex gap={8} wrap role="group" aria-label={t('command.remote')}>
              {batteryCommands(battery).map((name) => (
                <Button key={name} onClick={() => send({ kind: 'battery', batteryId: battery.id, batteryNumber: battery.number, name })}>
                  {t(commandLabelKey(name))}
                </Button>
              ))}
            </Flex>
          </Flex>
          <LazyPart>
            <CommandHistory batteryId={battery.id} />
          </LazyPart>
        </Flex>
      </Card>
    </Can>
  );
}
