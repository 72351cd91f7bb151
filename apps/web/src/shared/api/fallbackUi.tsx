import { notification } from 'antd';
import { i18n } from '../../i18n';
import { openDialog } from '../dialogs';
import '../staticAntd';

/**
 * Used while no AntdProvider is mounted (e.g. on the sign-in page). The bridge loads it lazily and
 * holds it to its UiPort; this file does not import the bridge (web files import no cycle).
 */
export const fallbackUiPort = {
  notifyError: (message: string) => notification.error({ key: message, title: message, placement: 'topRight' }),
  sessionDialog: (onOk: () => void) =>
    void openDialog('warning', {
      title: i18n.t('shell.sessionTitle'),
      content: i18n.t('shell.sessionExpired'),
      okText: i18n.t('common.ok'),
      keyboard: false,
      onOk,
    }),
};
