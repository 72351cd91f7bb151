import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLastSeen } from '../../shared/connectivity';

/** What the command buttons need of their cabinet: who it is and whether a command can reach it now. */
export interface CommandCabinet {
  id: number;
  number: string;
  online: boolean;
  lastReportAt: string | null;
}

/** Why the commands are disabled while the cabinet is offline (nothing while it is online). */
export function OfflineReason({ cabinet, id }: { cabinet: CommandCabinet; id?: string }) {
  const { t } = useTranslation();
  const lastSeen = useLastSeen(cabinet.lastReportAt);
  if (cabinet.online) return null;
  return (
    <div id={id}>
      <Alert type="warning" showIcon title={t('command.offline', { lastSeen })} />
    </div>
  );
}
