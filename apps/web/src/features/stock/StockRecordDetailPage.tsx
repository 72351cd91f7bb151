import { Card, Descriptions, Flex } from 'antd';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { stockApi, type StockBatchItemRecord } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { isServerFailure } from '../../shared/api/errors';
import { formatDateTime } from '../../shared/format';
import { StatusTag } from '../../shared/StatusTag';
import { ResourceTable } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { DetailState } from '../../shared/detail/DetailCards';
import { deviceDetailPath, fieldKey } from '../../shared/devices';
import { DIRECTION_MAP, stockRoutes, useStockKind } from './stockModel';
import { batchItemsPage } from './stockQueries';

/**
 * One stock batch (/product/<kind>-inventory/record/detail?id=): its fields and its devices, page by page.
 * @route /product/vehicle-inventory/record/detail
 * @route /product/battery-inventory/record/detail
 * @route /product/cabinet-inventory/record/detail
 */
export function StockRecordDetailPage() {
  const { t } = useTranslation();
  const kind = useStockKind();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = stockApi[kind].recordDetail;
  // The batch's own fields: the first page of one device is enough.
  const head = useEndpointQuery(detail, { id, current: 1, size: 1 });
  if (head.isError && isServerFailure(head.error)) return <Navigate to="/error-page/500" replace />;
  const batch = head.data?.batch;
  const none = t('common.empty');

  return (
    <>
      <TitleBar
        title={batch ? t('stock.detailTitle', { number: batch.number }) : t('page.stockRecordDetail')}
        back={stockRoutes(kind).records}
      />
      {!batch ? (
        <DetailState failed={head.isError} titleKey="stock.loadFailed" onRetry={() => void head.refetch()} />
      ) : (
        <Flex vertical gap={16}>
          <Card title={t('stock.batch')}>
            <Descriptions column={{ xs: 1, md: 2, xl: 3 }} bordered size="small">
              <Descriptions.Item label={t('stock.batchNumber')}>{batch.number}</Descriptions.Item>
              <Descriptions.Item label={t(fieldKey('direction'))}>
                <StatusTag value={batch.direction} map={DIRECTION_MAP} />
              </Descriptions.Item>
              <Descriptions.Item label={t(fieldKey('typeId'))}>{batch.typeName ?? t('stock.mixedTypes')}</Descriptions.Item>
              <Descriptions.Item label={t(fieldKey('quantity'))}>{batch.quantity}</Descriptions.Item>
              <Descriptions.Item label={t(fieldKey('operatorName'))}>{batch.operatorName}</Descriptions.Item>
              <Descriptions.Item label={t(fieldKey('merchantName'))}>
                {batch.merchantName ?? t('deviceRegistry.platformStock')}
              </Descriptions.Item>
              <Descriptions.Item label={t('stock.time')}>{formatDateTime(batch.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('stock.remark')} span={2}>
                {batch.remark || none}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <ResourceTable<StockBatchItemRecord>
            // Its own key (the batch in it), apart from the head's answer of the same endpoint.
            searchPath={`${detail.path}?id=${id}`}
            fetchPage={(body, signal) => batchItemsPage(kind, id, Number(body.current), Number(body.size), signal)}
            rowKey="deviceId"
            columns={[
              {
                key: 'number',
                titleKey: fieldKey('number'),
                render: (r) => <Link to={deviceDetailPath(kind, r.deviceId)}>{r.number}</Link>,
              },
              { key: 'typeCode', titleKey: fieldKey('typeCode') },
              { key: 'typeName', titleKey: fieldKey('typeName') },
            ]}
          />
        </Flex>
      )}
    </>
  );
}
