import { Button } from 'antd';
import { NodeIndexOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { vehicleStatisticsPath } from '../../shared/devices';

/** Opens a device's trajectory from its detail page. */
export function TrajectoryButton({ kind, id }: { kind: 'vehicle' | 'battery'; id: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!id) return null;
  return (
    <Button icon={<NodeIndexOutlined />} onClick={() => void navigate(`/product/${kind}/trajectory/${id}`)}>
      {t('telemetry.open')}
    </Button>
  );
}

/** Opens a vehicle's statistics (/product/vehicle/dashboard/:id) from its detail page. */
export function VehicleStatisticsButton({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <Button onClick={() => void navigate(vehicleStatisticsPath(id))}>{t('telemetry.statistics.open')}</Button>;
}
