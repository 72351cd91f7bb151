import { useTranslation } from 'react-i18next';
import { vehicleApi, type SaleStatus } from '@swap/contracts';
import { request } from '../../shared/api/endpoints';
import { ConfirmButton } from '../../shared/confirm';
import { useUi } from '../../shared/ui';
import { deviceCodes } from '../device/deviceModel';

/** Marks the vehicles sold or unsold (the server refuses scrapped or not-for-sale ones). */
export function setVehicleSale(ids: number[], saleStatus: SaleStatus) {
  return request(vehicleApi.sale, { ids, saleStatus });
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
