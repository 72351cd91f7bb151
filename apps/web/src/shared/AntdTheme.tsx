import { useEffect, useReducer, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { loadAntdLocale, loadedAntdLocale } from '../i18n/locales';
import { readDirection } from './language';
import { THEME } from './theme';

// Starts the download with the signed-in area's code rather than at its first render.
void loadAntdLocale(currentLanguage()).catch(() => undefined);

/**
 * A busy button shows its spinner without antd's fade-out: that fade ends on a transition event
 * which at times never comes when a save is refused quickly, and the invisible spinner then stayed
 * in the button's accessible name ("loading Save") for good (docs/web-kits.md, "Forms").
 */
const BUTTON = { loadingIcon: <LoadingOutlined /> };

/** antd's locale, direction and theme for the current language; every antd tree sits inside it. */
export function AntdTheme({ children }: { children: ReactNode }) {
  // Subscribes to language changes so the antd locale follows a switch.
  useTranslation();
  const language = currentLanguage();
  const antdLocale = loadedAntdLocale(language);
  const [, localeArrived] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!antdLocale) void loadAntdLocale(language).then(localeArrived, () => undefined);
  }, [antdLocale, language]);
  if (antdLocale) dayjs.locale(antdLocale.dayjsName);
  return (
    <ConfigProvider locale={antdLocale?.locale} direction={readDirection()} theme={THEME} button={BUTTON}>
      {children}
    </ConfigProvider>
  );
}
