import { useEffect, useReducer, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { loadAntdLocale, loadedAntdLocale } from '../i18n/locales';
import { readDirection } from './language';
import { THEME } from './theme';

// Starts the download with the signed-in area's code rather than at its first render.
void loadAntdLocale(currentLanguage()).catch(() => undefined);

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
    <ConfigProvider locale={antdLocale?.locale} direction={readDirection()} theme={THEME}>
      {children}
    </ConfigProvider>
  );
}
