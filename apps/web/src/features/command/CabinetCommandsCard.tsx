import { Button, Card } from 'antd';
import { PoweroffOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/Can';
import { CommandHistory } from './CommandHistory';
import { useSendCommand } from './useSendCommand';

/** The cabinet page's commands: Restart, and the history with states and senders. */
export function CabinetCommandsCard({ cabinet }: { cabinet: { id: number; number: string } }) {
  const { t } = useTranslation();
  const send = useSendCommand();
  return (
    <Card
      title={t('command.history')}
      extra={
        <Can code="operation.cabinet">
          <Button
            danger
            icon={<PoweroffOutlined />}
            onClick={() => send({ kind: 'cabinet', cabinetId: cabinet.id, cabinetNumber: cabinet.number, name: 'RESTART' })}
          >
            {t('command.restart')}
          </Button>
        </Can>
      }
    >
      <CommandHistory cabinetId={cabinet.id} />
    </Card>
  );
}
