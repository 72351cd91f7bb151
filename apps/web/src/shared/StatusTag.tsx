import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, type StatusMeaning } from './statusColors';

export { STATUS_COLORS, type StatusColor, type StatusMeaning } from './statusColors';

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
