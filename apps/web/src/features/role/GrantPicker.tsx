import { useMemo } from 'react';
import { Form, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PermissionNode } from '@swap/contracts';
import { ErrorState } from '../../shared/StateView';
import { menuTitle } from '../menu';
import { useGrantableQuery } from './roleQueries';
import { buildGrantTree, toggleGrant, type GrantIndex } from './grantTree';
import { Text } from '../../shared/Text';

/** The menus and resources the signed-in account may grant (GET /admin/role/grantable). */
export function useGrantable(enabled: boolean) {
  const { t } = useTranslation();
  const query = useGrantableQuery(enabled);
  const built = useMemo(() => {
    const labels = {
      menu: (node: PermissionNode) => menuTitle(node, t),
      resource: (resource: PermissionNode['resources'][number]) => `${resource.name} · ${resource.code}`,
    };
    return buildGrantTree(query.data ?? [], labels);
  }, [query.data, t]);
  return { query, ...built };
}

export interface GrantPickerProps {
  index: GrantIndex;
  treeData: ReturnType<typeof buildGrantTree>['treeData'];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  checked: string[];
  onChange: (keys: string[]) => void;
  disabled: boolean;
}

/** A checkable tree of menus and resources to grant, inside the role form. */
export function GrantPicker({ index, treeData, loading, failed, onRetry, checked, onChange, disabled }: GrantPickerProps) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('role.grants')} extra={disabled ? t('role.grantsReadOnly') : t('role.grantsHelp')}>
      {failed ? (
        <ErrorState title={t('role.grantableFailed')} onRetry={onRetry} />
      ) : loading ? (
        <Text type="secondary">{t('common.loading')}</Text>
      ) : (
        <div className="role-grant-tree" role="group" aria-label={t('role.grants')}>
          <Tree
            checkable
            checkStrictly
            selectable={false}
            defaultExpandedKeys={treeData.map((node) => node.key)}
            treeData={treeData}
            checkedKeys={checked}
            disabled={disabled}
            onCheck={(_keys, info) => onChange(toggleGrant(index, checked, info.node.key, info.checked))}
          />
        </div>
      )}
    </Form.Item>
  );
}
