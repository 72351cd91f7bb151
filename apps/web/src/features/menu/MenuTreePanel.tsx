import { useMemo, useState } from 'react';
import { Button, Empty, Flex, Spin, Tag, Tree } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { menuApi, type PermissionNode } from '@swap/contracts';
import { invalidateResources } from '../../shared/api/endpoints';
import { Can } from '../../shared/Can';
import { ConfirmButton } from '../../shared/confirm';
import { ErrorState, Panel } from '../../shared/StateView';
import { useUi } from '../../shared/ui';
import { MenuFormDrawer, type MenuEditing } from './MenuFormDrawer';
import { menuChanges, useMenuTree } from './menuQueries';
import { ROOT_PARENT, sortedChildren } from './menuTree';
import { menuTitle } from './menuTitles';
import { Text } from '../../shared/Text';

interface TreeNode {
  key: number;
  node: PermissionNode;
  children: TreeNode[];
}

const toTreeData = (nodes: readonly PermissionNode[]): TreeNode[] =>
  sortedChildren(nodes).map((node) => ({ key: node.id, node, children: toTreeData(node.children) }));

/** The menu tree (centres → groups → items) with add child, edit and remove on each menu. */
export function MenuTreePanel() {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const tree = useMenuTree();
  const [editing, setEditing] = useState<MenuEditing>(null);
  const treeData = useMemo(() => toTreeData(tree.data ?? []), [tree.data]);

  const remove = async (node: PermissionNode) => {
    await menuChanges.remove(node.id);
    void message.success(t('common.removed'));
    await invalidateResources(queryClient, [menuApi.remove]);
  };

  const title = (item: TreeNode) => (
    <Flex gap={8} align="center" wrap className="menu-tree-node">
      <span>{menuTitle(item.node, t)}</span>
      <Tag>{item.node.code}</Tag>
      {item.node.url ? <Text type="secondary">{item.node.url}</Text> : null}
      {item.node.resources.length > 0 ? (
        <Text type="secondary">{t('menu.resourceCount', { count: item.node.resources.length })}</Text>
      ) : null}
      <Can code="admin.resource.add">
        <Button type="link" size="small" onClick={() => setEditing({ kind: 'add', parentId: item.node.id })}>
          {t('menu.addChild')}
        </Button>
      </Can>
      <Can code="admin.resource.edit">
        <Button type="link" size="small" onClick={() => setEditing({ kind: 'edit', node: item.node })}>
          {t('common.edit')}
        </Button>
      </Can>
      <ConfirmButton
        code="admin.resource.remove"
        labelKey="common.remove"
        danger
        confirmKey="menu.confirmRemove"
        onConfirm={() => remove(item.node)}
      />
    </Flex>
  );

  let body;
  if (tree.isError && !tree.data) body = <ErrorState title={t('menu.treeFailed')} onRetry={() => void tree.refetch()} />;
  else if (tree.isLoading)
    body = (
      <Spin description={t('common.loading')}>
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  else if (treeData.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menu.treeEmpty')} />;
  else
    body = (
      <Tree<TreeNode>
        treeData={treeData}
        selectable={false}
        blockNode
        defaultExpandedKeys={treeData.map((n) => n.key)}
        titleRender={title}
      />
    );

  return (
    <Panel>
      <Flex justify="space-between" align="center" gap={8} wrap className="table-toolbar">
        <h2 className="section-title" style={{ margin: 0 }}>
          {t('menu.treeTitle')}
        </h2>
        <Can code="admin.resource.add">
          <Button icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'add', parentId: ROOT_PARENT })}>
            {t('menu.addRoot')}
          </Button>
        </Can>
      </Flex>
      {body}
      <MenuFormDrawer editing={editing} tree={tree.data ?? []} titleOf={(node) => menuTitle(node, t)} onClose={() => setEditing(null)} />
    </Panel>
  );
}
