import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { Ui } from './ui';

type Run = (ui: Ui) => void;

/**
 * A Ui whose calls wait until antd's message and notification code has arrived: most visits
 * never show a toast, so that code loads with the first one (`onFirstUse`) instead of with the page.
 */
export function deferredUi(onFirstUse: () => void): { ui: Ui; ready: (real: Ui) => void } {
  let real: Ui | null = null;
  let queue: Run[] = [];
  const run = (task: Run) => {
    if (real) return task(real);
    if (queue.length === 0) onFirstUse();
    queue.push(task);
  };

  const later = (open: (ui: Ui) => MessageType): MessageType => {
    let opened: MessageType | null = null;
    let closed = false;
    const result = new Promise<boolean>((resolve) =>
      run((ui) => {
        if (closed) return resolve(true);
        opened = open(ui);
        opened.then(resolve, () => resolve(false));
      }),
    );
    const close = () => {
      closed = true;
      opened?.();
    };
    return Object.assign(close, { then: result.then.bind(result) });
  };

  const message: MessageInstance = {
    info: (...args) => later((ui) => ui.message.info(...args)),
    success: (...args) => later((ui) => ui.message.success(...args)),
    error: (...args) => later((ui) => ui.message.error(...args)),
    warning: (...args) => later((ui) => ui.message.warning(...args)),
    loading: (...args) => later((ui) => ui.message.loading(...args)),
    open: (args) => later((ui) => ui.message.open(args)),
    destroy: (key) => run((ui) => ui.message.destroy(key)),
  };
  const notification: NotificationInstance = {
    success: (args) => run((ui) => ui.notification.success(args)),
    error: (args) => run((ui) => ui.notification.error(args)),
    info: (args) => run((ui) => ui.notification.info(args)),
    warning: (args) => run((ui) => ui.notification.warning(args)),
    open: (args) => run((ui) => ui.notification.open(args)),
    destroy: (key) => run((ui) => ui.notification.destroy(key)),
  };

  const ready = (loaded: Ui) => {
    real = loaded;
    const waiting = queue;
    queue = [];
    for (const task of waiting) task(loaded);
  };
  return { ui: { message, notification }, ready };
}
