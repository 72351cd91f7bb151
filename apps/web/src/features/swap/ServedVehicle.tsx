import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SwapRecord } from '@swap/contracts';
import { deviceDetailPath } from '../../shared/deviceLinks';

/** The vehicle a swap served, linked to its detail page; "none" when no vehicle is known. */
export function ServedVehicle({ record }: { record: Pick<SwapRecord, 'vehicleId' | 'servedVehicleNumber'> }) {
  const { t } = useTranslation();
  if (record.vehicleId === null || record.servedVehicleNumber === null) return <>{t('common.empty')}</>;
  return <Link to={deviceDetailPath('vehicle', record.vehicleId)}>{record.servedVehicleNumber}</Link>;
}
