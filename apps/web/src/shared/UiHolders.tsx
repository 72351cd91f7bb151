import { useEffect } from 'react';
import { message, notification } from 'antd';
import type { Ui } from './ui';

/** antd's message and notification holders; AntdProvider loads this with the first toast. */
export function UiHolders({ onReady }: { onReady: (ui: Ui) => void }) {
  const [notificationApi, notificationHolder] = notification.useNotification({ placement: 'topRight' });
  const [messageApi, messageHolder] = message.useMessage();
  useEffect(() => onReady({ message: messageApi, notification: notificationApi }), [messageApi, notificationApi, onReady]);
  return (
    <>
      {notificationHolder}
      {messageHolder}
    </>
  );
}
