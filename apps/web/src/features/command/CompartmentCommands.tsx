import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompartmentRecord } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { commandLabelKey, compartmentCommands } from './commandModel';
import { useSendCommand } from './useSendCommand';

export interface CompartmentCommandsProps {
  cabinet: { id: number; number: string };
  compartment: CompartmentRecord;
}

/** The remote commands of one compartment (operation.cabinet), each behind a confirm prompt. */
export function CompartmentCommands({ cabinet, compartment }: CompartmentCommandsProps) {
  const { t } = useTranslation();
  const send = useSendCommand();
  return (
    <Can code="operation.cabinet">
      <Flex vertical gap={6} style={{ marginTop: 12, maxWidth: 320 }}>
        <Typography.Text strong>{t('command.remote')}</Typography.Text>
        <Flex gap={6} wrap role="group" aria-label={t('command.compartmentActions', { index: compartment.index })}>
          {compartmentCommands(compartment).map((name) => (
            <Button
              key={name}
              size="small"
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
