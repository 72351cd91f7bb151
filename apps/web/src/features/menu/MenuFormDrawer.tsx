import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { menuAdd, menuApi, menuEdit, resourceApi, type PermissionNode } from '@swap/contracts';
import { invalidateResources } from '../../shared/api/endpoints';
import { useAllRecordsOf } from '../../shared/api/allRecords';
import { ResourceForm } from '../../shared/form';
import { parentOptions } from './menuTree';
import { menuChanges } from './menuQueries';

/** What the drawer edits: a new menu under a parent, or an existing menu. */
export type MenuEditing = { kind: 'add'; parentId: number } | { kind: 'edit'; node: PermissionNode } | null;

export function MenuFormDrawer({
  editing,
  tree,
  titleOf,
  onClose,
}: {
  editing: MenuEditing;
  tree: PermissionNode[];
  titleOf: (node: PermissionNode) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const resources = useAllRecordsOf(resourceApi.search, {}, editing !== null);
  const node = editing?.kind === 'edit' ? editing.node : null;
  const adding = editing?.kind === 'add';
  const initialValues = node
    ? {
        parentId: node.parentId,
        name: node.name,
        code: node.code,
        url: node.url,
        iconfont: node.iconfont,
        sort: node.sort,
        resourceIds: node.resources.map((r) => r.id),
      }
    : { parentId: editing?.kind === 'add' ? editing.parentId : -1, sort: 0, resourceIds: [] };

  return (
    <ResourceForm
      open={editing !== null}
      mode={adding ? 'add' : 'edit'}
      title={t(adding ? 'menu.addTitle' : 'menu.editTitle')}
      schema={(adding ? menuAdd : menuEdit) as typeof menuEdit}
      width={560}
      fields={[
        { name: 'parentId', labelKey: 'menu.parent', type: 'treeSelect', treeData: parentOptions(tree, t('menu.root'), titleOf, node?.id) },
        { name: 'name', labelKey: 'menu.name', maxLength: 40 },
        { name: 'code', labelKey: 'menu.code', maxLength: 80, helpKey: 'menu.codeHelp' },
        { name: 'url', labelKey: 'menu.url', maxLength: 200, helpKey: 'menu.urlHelp' },
        { name: 'iconfont', labelKey: 'menu.iconfont', maxLength: 60 },
        { name: 'sort', labelKey: 'menu.sort', type: 'number', min: 0, max: 9999, precision: 0 },
        {
          name: 'resourceIds',
          labelKey: 'menu.resources',
          type: 'select',
          multiple: true,
          options: (resources.data ?? []).map((r) => ({ value: r.id, label: `${r.name} · ${r.code}` })),
        },
      ]}
      initialValues={initialValues}
      extraValues={node ? { id: node.id } : undefined}
      submit={adding ? menuChanges.add : menuChanges.edit}
      onSaved={() => void invalidateResources(queryClient, [menuApi.edit])}
      onClose={onClose}
    />
  );
}
