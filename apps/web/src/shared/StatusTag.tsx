import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The five meanings a status can have; each has one colour on every screen. */
export type StatusMeaning = 'success' | 'processing' | 'warning' | 'error' | 'default';

export interface StatusColor {
  color: string;
  background: string;
  border: string;
}

/** Text, background and border of each meaning; every pair passes WCAG AA contrast. */
export const STATUS_COLORS: Record<StatusMeaning, StatusColor> = {
  success: { color: '#135200', background: '#f6ffed', border: '#b7eb8f' },
  processing: { color: '#003eb3', background: '#e6f4ff', border: '#91caff' },
  warning: { color: '#874d00', background: '#fffbe6', border: '#ffe58f' },
  error: { color: '#a8071a', background: '#fff1f0', border: '#ffa39e' },
  default: { color: '#262626', background: '#fafafa', border: '#d9d9d9' },
};

function styleOf(meaning: StatusMeaning) {
  const { color, background, border } = STATUS_COLORS[meaning];
  return { color, background, borderColor: border };
}

export interface StatusDef {
  meaning: StatusMeaning;
  labelKey: string;
}

/** Maps each value of an enumeration to its meaning and label, e.g. `{ ENABLED: { meaning: 'success', labelKey: 'account.enabled' } }`. */
export type StatusMap = Record<string, StatusDef>;

export function StatusTag({ value, map }: { value: string | null | undefined; map: StatusMap }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return null;
  const def = map[value];
  if (!def) return <Tag style={styleOf('default')}>{value}</Tag>;
  return <Tag style={styleOf(def.meaning)}>{t(def.labelKey)}</Tag>;
}
