import { Card, Flex } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MerchantRecord } from '@swap/contracts';
import { DetailCards, DetailFrame, lazyDrawer, type DetailGroup } from '../../shared/detail';
import { StoredImage } from './StoredImage';
import { IMAGE_FIELDS, IMAGE_LABELS, TYPE_MAP } from './merchantModel';
import { useMerchantDetail } from './useMerchantDetail';

const MerchantFormDrawer = lazyDrawer(() => import('./MerchantFormDrawer').then((m) => m.MerchantFormDrawer));

const GROUPS: DetailGroup<MerchantRecord>[] = [
  {
    titleKey: 'merchant.basics',
    items: [
      { field: 'id' },
      { field: 'name' },
      { field: 'type', labelKey: 'merchant.typeLabel', map: TYPE_MAP },
      { field: 'accountCount', labelKey: 'merchant.accounts' },
      { field: 'personInCharge' },
      { field: 'contact' },
      { field: 'officeAddress', span: 2 },
      { field: 'createdAt' },
    ],
  },
];

const merchantLabel = (field: string) => `merchant.${field}`;

/**
 * Merchant detail: its fields and identity images.
 * @route /system/merchant/detail/:id
 */
export function MerchantDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <DetailFrame
      detail={useMerchantDetail(id)}
      title={(merchant) => t('merchant.detailTitle', { name: merchant.name })}
      pageTitleKey="page.merchantDetail"
      back="/system/merchant/list"
      loadFailedKey="merchant.loadFailed"
      actions={[{ key: 'edit', code: 'admin.merchant.edit', labelKey: 'common.edit', icon: <EditOutlined />, opens: 'edit' }]}
      drawers={{ edit: ({ record, open, close }) => <MerchantFormDrawer editing={open ? record : null} onClose={close} /> }}
    >
      {(merchant) => (
        <Flex vertical gap={16}>
          <DetailCards record={merchant} groups={GROUPS} fieldLabel={merchantLabel} />
          <Card title={t('merchant.identity')}>
            <Flex gap={16} wrap>
              {IMAGE_FIELDS.map((field) => (
                <StoredImage key={field} fileId={merchant[field]} label={t(IMAGE_LABELS[field])} />
              ))}
            </Flex>
          </Card>
        </Flex>
      )}
    </DetailFrame>
  );
}
