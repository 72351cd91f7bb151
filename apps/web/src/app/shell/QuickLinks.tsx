import { useMemo } from 'react';
import { Button, Dropdown } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../shared/permissions';
import { MenuIcon } from '../../shared/MenuIcon';
import { grantedCentres } from '../../shared/menuModel';

/** Quick links to the granted centres, each opening its first permitted page. */
export function QuickLinks({ id }: { id?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const centres = useMemo(() => grantedCentres(permissions.has).filter((centre) => centre.firstPage), [permissions]);
  const items =
    centres.length > 0
      ? centres.map((centre) => ({ key: centre.firstPage!, icon: <MenuIcon name={centre.iconfont} />, label: t(centre.titleKey) }))
      : [{ key: 'none', label: t('shell.noQuickLinks'), disabled: true }];
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => key !== 'none' && void navigate(key) }}>
      <Button id={id} type="text" icon={<AppstoreOutlined />}>
        <span className="header-label">{t('shell.quickLinks')}</span>
      </Button>
    </Dropdown>
  );
}
