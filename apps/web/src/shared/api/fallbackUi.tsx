import { notification } from 'antd';
import { i18n } from '../../i18n';
import { openDialog } from '../dialogs';
import '../staticAntd';
import type { UiPort } from './bridge';

/** Used while no AntdProvider is mounted (e.g. on the sign-in page). */
export const fallbackUiPort: UiPort = {
  notifyError: (message) => notification.error({ key: message, title: message, placement: 'topRight' }),
  sessionDialog: (onOk) =>
    void openDialog('warning', {
      title: i18n.t('shell.sessionTitle'),
      content: i18n.t('shell.sessionExpired'),
      okText: i18n.t('common.ok'),
      keyboard: false,
      onOk,
    }),
};
