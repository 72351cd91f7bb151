import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { vehicleOptionsEndpoint } from '@swap/contracts';
import { endpointSource } from '../../shared/api/optionSources';
import { vehicleStatisticsPath } from '../../shared/devices';
import { LazyRemoteSelect } from '../../shared/lazyInputs';

/** The caller's vehicles by number, searched on the server as the user types (docs/api.md, "Options calls"). */
const vehicleSource = endpointSource(vehicleOptionsEndpoint, (vehicle) => ({ value: vehicle.id, label: vehicle.number }));

/** Picks a vehicle by part of its number and opens its statistics. */
export default function VehiclePicker() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="statistics-pick">
      <label htmlFor="statistics-vehicle">{t('telemetry.statistics.pickVehicle')}</label>
      <LazyRemoteSelect
        id="statistics-vehicle"
        aria-describedby="statistics-vehicle-help"
        source={vehicleSource}
        placeholder={t('telemetry.statistics.pickPlaceholder')}
        onChange={(value) => {
          if (typeof value === 'number') void navigate(vehicleStatisticsPath(value));
        }}
      />
      <Typography.Text type="secondary" id="statistics-vehicle-help">
        {t('telemetry.statistics.pickHelp')}
      </Typography.Text>
    </div>
  );
}
