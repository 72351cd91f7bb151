import dayjs from 'dayjs';
import 'dayjs/locale/id';
import 'dayjs/locale/th';
import 'dayjs/locale/zh-cn';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import idID from 'antd/es/locale/id_ID';
import thTH from 'antd/es/locale/th_TH';
import zhCN from 'antd/es/locale/zh_CN';
import type { Language } from '@swap/contracts';

/** antd component texts per language (date pickers, pagination, empty states). */
export const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, in: idID, th: thTH, zh: zhCN };

const DAYJS_LOCALES: Record<Language, string> = { en: 'en', in: 'id', th: 'th', zh: 'zh-cn' };

export function applyDayjsLocale(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
}
