import { useState } from 'react';
import { useNavigate } from 'react-router';
import { merchantApi, type MerchantRecord } from '@swap/contracts';
import { editAction, ListPage, removeAction } from '../../shared/table';
import { isPlatformUser } from '../../shared/session';
import { MerchantFormDrawer } from './MerchantFormDrawer';
import { removeMerchant } from './merchantQueries';
import { TYPE_MAP, typeOptions } from './merchantModel';

/**
 * System centre → Merchants.
 * @route /system/merchant/list
 */
export function MerchantListPage() {
  const navigate = useNavigate();
  const platform = isPlatformUser();
  const [editing, setEditing] = useState<MerchantRecord | 'new' | null>(null);
  return (
    <ListPage
      titleKey="nav.admin.merchant"
      add={{ code: 'admin.merchant.add', platformOnly: true, labelKey: 'merchant.add', onClick: () => setEditing('new') }}
      endpoints={merchantApi}
      scrollX={1100}
      searchFields={[
        { name: 'keyword', labelKey: 'merchant.keyword' },
        { name: 'type', labelKey: 'merchant.typeLabel', type: 'select', options: typeOptions },
      ]}
      columns={[
        { key: 'id', titleKey: 'merchant.id', width: 80 },
        { key: 'name', titleKey: 'merchant.name', sortable: true },
        { key: 'type', titleKey: 'merchant.typeLabel', sortable: true, kind: 'status', statusMap: TYPE_MAP },
        { key: 'personInCharge', titleKey: 'merchant.personInCharge', sortable: true },
        { key: 'contact', titleKey: 'merchant.contact' },
        { key: 'officeAddress', titleKey: 'merchant.officeAddress', ellipsis: true },
        { key: 'accountCount', titleKey: 'merchant.accounts', kind: 'number', sortable: true, width: 130 },
      ]}
      rowActions={[
        {
          key: 'view',
          labelKey: 'common.view',
          code: 'admin.merchant.detail',
          onClick: (r) => void navigate(`/system/merchant/detail/${r.id}`),
        },
        editAction('admin.merchant', setEditing),
        removeAction('admin.merchant', (r) => removeMerchant(r.id), { confirmKey: 'merchant.confirmRemove', hidden: () => !platform }),
      ]}
    >
      <MerchantFormDrawer editing={editing} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
