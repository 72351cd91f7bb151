import { useTranslation } from 'react-i18next';
import type { SaleStatus } from '@swap/contracts';
import { api } from '../../shared/api/client';
import { ConfirmButton } from '../../shared/confirm';
import { useUi } from '../../shared/ui';
import { deviceCodes } from '../device/deviceModel';

const SALE_PATH = '/vehicle/sale';

/** POST /vehicle/sale: marks the vehicles sold or unsold (the server refuses scrapped or not-for-sale ones). */
export function setVehicleSale(ids: number[], saleStatus: SaleStatus): Promise<{ changed: number }> {
  return api.post<{ changed: number }>(SALE_PATH, { ids, saleStatus });
}

/** The vehicle detail's "Mark sold" / "Mark unsold", after a confirm prompt. */
export function VehicleSaleButton({
  vehicle,
  onChanged,
}: {
  vehicle: { id: number; number: string; saleStatus: SaleStatus };
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useUi();
  const next: SaleStatus = vehicle.saleStatus === 'SOLD' ? 'UNSOLD' : 'SOLD';
  return (
    <ConfirmButton
      code={deviceCodes('vehicle').edit}
      type="default"
      size="middle"
      labelKey={`vehicle.mark.${next}`}
      confirmKey={`vehicle.confirmMark.${next}`}
      confirmParams={{ number: vehicle.number }}
      onConfirm={async () => {
        await setVehicleSale([vehicle.id], next);
        void message.success(t('vehicle.saleChanged'));
        onChanged();
      }}
    />
  );
}
