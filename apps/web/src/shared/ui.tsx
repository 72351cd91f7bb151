import { createContext, useContext } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Themed message and notification APIs of the signed-in area. Use this (and useConfirm for
 * dialogs) instead of antd's App.useApp(): antd's App would put the modal code on every page.
 */
export interface Ui {
  message: MessageInstance;
  notification: NotificationInstance;
}

export const UiContext = createContext<Ui | null>(null);

export function useUi(): Ui {
  const ui = useContext(UiContext);
  if (!ui) throw new Error('useUi must be used inside AntdProvider');
  return ui;
}
