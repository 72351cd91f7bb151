import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Flex, Image, Spin } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fileApi, merchantApi } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { isServerFailure } from '../../shared/api/errors';
import { Can } from '../../shared/Can';
import { formatDateTime } from '../../shared/format';
import { ErrorState } from '../../shared/StateView';
import { StatusTag } from '../../shared/StatusTag';
import { TitleBar } from '../../shared/TitleBar';
import { useFileUrl } from '../../shared/useFileUrl';
import { MerchantFormDrawer } from './MerchantFormDrawer';
import { IMAGE_FIELDS, IMAGE_LABELS, TYPE_MAP } from './merchantModel';

function StoredImage({ fileId, label }: { fileId: number | null; label: string }) {
  const { t } = useTranslation();
  const file = useFileUrl(fileApi.download, fileId);
  let body;
  if (fileId === null) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('merchant.noImage')} />;
  else if (file.failed) body = <ErrorState title={t('merchant.imageFailed')} onRetry={file.retry} />;
  else if (!file.url) body = <Spin description={t('common.loading')} />;
  else body = <Image src={file.url} alt={label} width={220} height={140} style={{ objectFit: 'cover' }} />;
  return (
    <Card size="small" title={label} className="merchant-image-card">
      <Flex justify="center" align="center" style={{ minHeight: 150 }}>
        {body}
      </Flex>
    </Card>
  );
}

/** Merchant detail (/system/merchant/detail/:id): its fields and identity images. */
export function MerchantDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [editing, setEditing] = useState(false);
  const query = useEndpointQuery(merchantApi.detail, { id });
  const merchant = query.data;
  // A server or network failure on a page's main record opens the server-error page (DESIGN §4).
  if (query.isError && isServerFailure(query.error)) return <Navigate to="/error-page/500" replace />;

  return (
    <>
      <TitleBar
        title={merchant ? t('merchant.detailTitle', { name: merchant.name }) : t('page.merchantDetail')}
        back="/system/merchant/list"
        operate={
          merchant ? (
            <Can code="admin.merchant.edit">
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('common.edit')}
              </Button>
            </Can>
          ) : null
        }
      />
      {query.isError ? (
        <Card>
          <ErrorState title={t('merchant.loadFailed')} onRetry={() => void query.refetch()} />
        </Card>
      ) : !merchant ? (
        <Card>
          <Spin description={t('common.loading')}>
            <div style={{ minHeight: 160 }} />
          </Spin>
        </Card>
      ) : (
        <Flex vertical gap={16}>
          <Card title={t('merchant.basics')}>
            <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
              <Descriptions.Item label={t('merchant.id')}>{merchant.id}</Descriptions.Item>
              <Descriptions.Item label={t('merchant.name')}>{merchant.name}</Descriptions.Item>
              <Descriptions.Item label={t('merchant.typeLabel')}>
                <StatusTag value={merchant.type} map={TYPE_MAP} />
              </Descriptions.Item>
              <Descriptions.Item label={t('merchant.accounts')}>{merchant.accountCount}</Descriptions.Item>
              <Descriptions.Item label={t('merchant.personInCharge')}>{merchant.personInCharge}</Descriptions.Item>
              <Descriptions.Item label={t('merchant.contact')}>{merchant.contact}</Descriptions.Item>
              <Descriptions.Item label={t('merchant.officeAddress')} span={2}>
                {merchant.officeAddress}
              </Descriptions.Item>
              <Descriptions.Item label={t('merchant.createdAt')}>{formatDateTime(merchant.createdAt)}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title={t('merchant.identity')}>
            <Flex gap={16} wrap>
              {IMAGE_FIELDS.map((field) => (
                <StoredImage key={field} fileId={merchant[field]} label={t(IMAGE_LABELS[field])} />
              ))}
            </Flex>
          </Card>
        </Flex>
      )}
      <MerchantFormDrawer
        editing={editing && merchant ? merchant : null}
        onClose={() => setEditing(false)}
        onSaved={() => void query.refetch()}
      />
    </>
  );
}
