import { useState } from 'react';
import { Button, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { menuApi, RESOURCE_TYPES, resourceAdd, resourceApi, resourceEdit, type ResourceRecord } from '@swap/contracts';
import { invalidateResources } from '../../shared/api/endpoints';
import { Can } from '../../shared/Can';
import { ResourceForm } from '../../shared/form';
import type { StatusMap } from '../../shared/StatusTag';
import { editAction, removeAction, ResourceTable } from '../../shared/table';
import { resourceChanges } from './menuQueries';

const TYPE_MAP: StatusMap = {
  BUTTON: { meaning: 'processing', labelKey: 'menu.resourceType.BUTTON' },
  LINK: { meaning: 'success', labelKey: 'menu.resourceType.LINK' },
};
const typeOptions = RESOURCE_TYPES.map((value) => ({ value, labelKey: `menu.resourceType.${value}` }));

/** Resources (buttons and links carrying permission codes) with add, edit and remove. */
export function ResourcesPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ResourceRecord | 'new' | null>(null);
  const adding = editing === 'new';
  const record = editing && editing !== 'new' ? editing : null;
  // Resources show inside the menu tree too.
  const refreshTree = () => void invalidateResources(queryClient, [menuApi.tree]);

  return (
    <Flex vertical gap={8}>
      <h2 className="section-title">{t('menu.resourcesTitle')}</h2>
      <ResourceTable<ResourceRecord, typeof resourceApi.search>
        endpoints={{ search: resourceApi.search, export: resourceApi.export }}
        rowKey="id"
        searchFields={[
          { name: 'name', labelKey: 'menu.resourceName' },
          { name: 'code', labelKey: 'menu.code' },
          { name: 'type', labelKey: 'menu.resourceTypeLabel', type: 'select', options: typeOptions },
        ]}
        toolbar={
          <Can code="admin.resource.add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('menu.addResource')}
            </Button>
          </Can>
        }
        columns={[
          { key: 'name', titleKey: 'menu.resourceName', sortable: true },
          { key: 'code', titleKey: 'menu.code', sortable: true },
          { key: 'type', titleKey: 'menu.resourceTypeLabel', sortable: true, kind: 'status', statusMap: TYPE_MAP, width: 120 },
          { key: 'url', titleKey: 'menu.url', ellipsis: true },
        ]}
        rowActions={[
          editAction('admin.resource', setEditing),
          removeAction('admin.resource', async (r) => {
            await resourceChanges.remove(r.id);
            refreshTree();
          }),
        ]}
      />
      <ResourceForm
        open={editing !== null}
        mode={adding ? 'add' : 'edit'}
        title={t(adding ? 'menu.addResourceTitle' : 'menu.editResourceTitle')}
        schema={(adding ? resourceAdd : resourceEdit) as typeof resourceEdit}
        fields={[
          { name: 'name', labelKey: 'menu.resourceName', maxLength: 40 },
          { name: 'code', labelKey: 'menu.code', maxLength: 80, helpKey: 'menu.codeHelp' },
          { name: 'type', labelKey: 'menu.resourceTypeLabel', type: 'select', options: typeOptions },
          { name: 'url', labelKey: 'menu.url', maxLength: 200, helpKey: 'menu.urlHelp' },
        ]}
        initialValues={record ?? { type: 'BUTTON' }}
        extraValues={record ? { id: record.id } : undefined}
        submit={adding ? resourceChanges.add : resourceChanges.edit}
        refresh={[resourceApi.edit]}
        onSaved={refreshTree}
        onClose={() => setEditing(null)}
      />
    </Flex>
  );
}
