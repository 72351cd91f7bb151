import type { FeatureTexts } from '../../i18n/catalogue';

/** A device's log on its detail page. */
export const texts = {
  en: {
    'deviceLog.title': 'Device log',
  },
  in: {
    'deviceLog.title': 'Log perangkat',
  },
  th: {
    'deviceLog.title': 'บันทึกของอุปกรณ์',
  },
  zh: {
    'deviceLog.title': '设备日志',
  },
} satisfies FeatureTexts;
