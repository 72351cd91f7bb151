import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { ANTD_LOCALES, applyDayjsLocale } from '../i18n/locales';
import { readDirection } from './language';
import { THEME } from './theme';

/** antd's locale, direction and theme for the current language; every antd tree sits inside it. */
export function AntdTheme({ children }: { children: ReactNode }) {
  // Subscribes to language changes so the antd locale follows a switch.
  useTranslation();
  const language = currentLanguage();
  applyDayjsLocale(language);
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} direction={readDirection()} theme={THEME}>
      {children}
    </ConfigProvider>
  );
}
