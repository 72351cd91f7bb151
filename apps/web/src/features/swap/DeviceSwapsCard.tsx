import { Card } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { swapApi, type SwapRecord } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { ResourceTable } from '../../shared/table';
import { SWAP_ROUTES } from './swapModel';
import { useSwapColumns } from './swapColumns';

export interface DeviceSwapsCardProps {
  kind: 'cabinet' | 'battery';
  device: { id: number; number: string };
}

/** A cabinet's or battery's swap records on its detail page (record.swap), newest first, with a link to the full list. */
export function DeviceSwapsCard({ kind, device }: DeviceSwapsCardProps) {
  const { t } = useTranslation();
  const c = useSwapColumns();
  const forCabinet = kind === 'cabinet';
  return (
    <Can code="record.swap">
      <Card
        title={t('swap.deviceCard')}
        extra={
          <Link to={SWAP_ROUTES.listOf(forCabinet ? 'cabinetNumber' : 'batteryNumber', device.number)}>
            {t('swap.allOfDevice', { number: device.number })}
          </Link>
        }
      >
        <ResourceTable<SwapRecord, typeof swapApi.search>
          endpoints={{ search: swapApi.search }}
          filters={forCabinet ? { cabinetId: device.id } : { batteryId: device.id }}
          defaultSort={{ field: 'startedAt', order: 'descend' }}
          pageSize={10}
          rowKey="id"
          scrollX={1100}
          columns={[
            c.id,
            c.startedAt,
            ...(forCabinet ? [] : [c.cabinetNumber]),
            c.batteryOutNumber,
            c.batteryInNumber,
            c.result,
            c.failureMessage,
          ]}
        />
      </Card>
    </Can>
  );
}
