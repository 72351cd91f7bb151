import { lazy, useId } from 'react';
import { Button, Card, Flex } from 'antd';
import { PoweroffOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/Can';
import { LazyPart } from '../../shared/detail';
import { OfflineReason, type CommandCabinet } from './OfflineReason';
import { useSendCommand } from './useSendCommand';

// The history's table loads with the card, not with the device page (docs/scaling.md, "Web bundle").
const CommandHistory = lazy(() => import('./CommandHistory').then((m) => ({ default: m.CommandHistory })));

/** The cabinet page's commands (operation.cabinet): Restart (not while offline), and the history with states and senders. */
export function CabinetCommandsCard({ cabinet }: { cabinet: CommandCabinet }) {
  const { t } = useTranslation();
  const send = useSendCommand();
  const reasonId = useId();
  return (
    <Can code="operation.cabinet">
      <Card
        title={t('command.history')}
        extra={
          <Button
            danger
            icon={<PoweroffOutlined />}
            disabled={!cabinet.online}
            aria-describedby={cabinet.online ? undefined : reasonId}
            onClick={() => send({ kind: 'cabinet', cabinetId: cabinet.id, cabinetNumber: cabinet.number, name: 'RESTART' })}
          >
            {t('command.restart')}
          </Button>
        }
      >
        <Flex vertical gap={12}>
          <OfflineReason cabinet={cabinet} id={reasonId} />
          <LazyPart>
            <CommandHistory cabinetId={cabinet.id} />
          </LazyPart>
        </Flex>
      </Card>
    </Can>
  );
}
