import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { i18n } from '../i18n';
import { AntdTheme } from './AntdTheme';
import { registerUiPort } from './api/bridge';
import { deferredUi } from './deferredUi';
import { openDialog } from './dialogs';
import { UiContext } from './ui';

const UiHolders = lazy(async () => ({ default: (await import('./UiHolders')).UiHolders }));

/** Theme + themed message and notification (useUi) for a lazily loaded area; the client reports through it. */
export function AntdProvider({ children }: { children: ReactNode }) {
  const [holdersWanted, setHoldersWanted] = useState(false);
  const [{ ui, ready }] = useState(() => deferredUi(() => setHoldersWanted(true)));
  useEffect(
    () =>
      registerUiPort({
        // The key folds identical failures of parallel calls into one notification.
        notifyError: (text) => ui.notification.error({ key: text, title: text }),
        sessionDialog: (onOk) =>
          void openDialog('warning', {
            title: i18n.t('shell.sessionTitle'),
            content: i18n.t('shell.sessionExpired'),
            okText: i18n.t('common.ok'),
            keyboard: false,
            onOk,
          }),
      }),
    [ui],
  );
  return (
    <AntdTheme>
      <UiContext.Provider value={ui}>
        {holdersWanted ? (
          <Suspense fallback={null}>
            <UiHolders onReady={ready} />
          </Suspense>
        ) : null}
        {children}
      </UiContext.Provider>
    </AntdTheme>
  );
}
