import { useId } from 'react';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompartmentRecord } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { commandLabelKey, compartmentCommands } from './commandModel';
import { OfflineReason, type CommandCabinet } from './OfflineReason';
import { useSendCommand } from './useSendCommand';
import { Text } from '../../shared/Text';

export interface CompartmentCommandsProps {
  cabinet: CommandCabinet;
  compartment: CompartmentRecord;
}

/**
 * The remote commands of one compartment (operation.cabinet), each behind a confirm prompt; while
 * the cabinet is offline they are disabled, with the reason beside them.
 */
export function CompartmentCommands({ cabinet, compartment }: CompartmentCommandsProps) {
  const { t } = useTranslation();
  const send = useSendCommand();
  const reasonId = useId();
  return (
    <Can code="operation.cabinet">
      <Flex vertical gap={6}>
        <Text strong>{t('command.remote')}</Text>
        <OfflineReason cabinet={cabinet} id={reasonId} />
        <Flex gap={6} wrap role="group" aria-label={t('command.compartmentActions', { index: compartment.index })}>
          {compartmentCommands(compartment).map((name) => (
            <Button
              key={name}
              disabled={!cabinet.online}
              aria-describedby={cabinet.online ? undefined : reasonId}
              onClick={() =>
                send({ kind: 'cabinet', cabinetId: cabinet.id, cabinetNumber: cabinet.number, name, compartment: compartment.index })
              }
            >
              {t(commandLabelKey(name))}
            </Button>
          ))}
        </Flex>
      </Flex>
    </Can>
  );
}
