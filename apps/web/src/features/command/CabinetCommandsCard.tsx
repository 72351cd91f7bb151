import { Button, Card } from 'antd';
import { PoweroffOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/Can';
import { CommandHistory } from './CommandHistory';
import { useSendCommand } from './useSendCommand';

/** The cabinet page's commands (operation.cabinet): Restart, and the history with states and senders. */
export function CabinetCommandsCard({ cabinet }: { cabinet: { id: number; number: string } }) {
  const { t } = useTranslation();
  const send = useSendCommand();
  return (
    <Can code="operation.cabinet">
      <Card
        title={t('command.history')}
        extra={
          <Button
            danger
            icon={<PoweroffOutlined />}
            onClick={() => send({ kind: 'cabinet', cabinetId: cabinet.id, cabinetNumber: cabinet.number, name: 'RESTART' })}
          >
            {t('command.restart')}
          </Button>
        }
      >
        <CommandHistory cabinetId={cabinet.id} />
      </Card>
    </Can>
  );
}
