import { useEffect, useMemo, type ReactNode } from 'react';
import { message, notification } from 'antd';
import { i18n } from '../i18n';
import { AntdTheme } from './AntdTheme';
import { registerUiPort } from './api/bridge';
import { openDialog } from './dialogs';
import { UiContext } from './ui';

/** Theme + themed message and notification (useUi) for a lazily loaded area; the client reports through it. */
export function AntdProvider({ children }: { children: ReactNode }) {
  const [notificationApi, notificationHolder] = notification.useNotification({ placement: 'topRight' });
  const [messageApi, messageHolder] = message.useMessage();
  const ui = useMemo(() => ({ message: messageApi, notification: notificationApi }), [messageApi, notificationApi]);
  useEffect(
    () =>
      registerUiPort({
        // The key folds identical failures of parallel calls into one notification.
        notifyError: (text) => notificationApi.error({ key: text, title: text }),
        sessionDialog: (onOk) =>
          void openDialog('warning', {
            title: i18n.t('shell.sessionTitle'),
            content: i18n.t('shell.sessionExpired'),
            okText: i18n.t('common.ok'),
            keyboard: false,
            onOk,
          }),
      }),
    [notificationApi],
  );
  return (
    <AntdTheme>
      <UiContext.Provider value={ui}>
        {notificationHolder}
        {messageHolder}
        {children}
      </UiContext.Provider>
    </AntdTheme>
  );
}
