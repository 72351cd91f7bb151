import { alarmApi } from '@swap/contracts';
import { useDetail } from '../../shared/detail/useDetail';
import type { DetailKind } from './alarmModel';

/** One battery's or cabinet's alarm with its history, for its detail page. */
export function useAlarmDetail(kind: DetailKind, id: string | undefined) {
  return useDetail(alarmApi[kind].detail, id);
}
