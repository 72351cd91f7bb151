import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { DashboardOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../shared/permissions';
import { MenuIcon } from '../../shared/MenuIcon';
import { menuSelection, visibleNav } from '../../shared/menuModel';
import { useLoadedRoutes } from '../routeTables';
import { TruncatedLabel } from './TruncatedLabel';

type Item = Required<MenuProps>['items'][number];

export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const permissions = usePermissions();
  const nav = useMemo(() => visibleNav(permissions.has), [permissions]);
  const selection = menuSelection(pathname, useLoadedRoutes());
  const [openKeys, setOpenKeys] = useState<string[]>(selection.group ? [selection.group] : []);
  const [openedFor, setOpenedFor] = useState(selection.group);

  // Opening another page opens its group, keeping the groups the user opened.
  if (selection.group !== openedFor) {
    setOpenedFor(selection.group);
    if (selection.group && !openKeys.includes(selection.group)) setOpenKeys([...openKeys, selection.group]);
  }

  // Real links: middle-click or Ctrl+click opens a tab, a plain click stays in the app.
  const link = (url: string, text: string) => (
    <Link to={url} tabIndex={-1}>
      <TruncatedLabel text={text} />
    </Link>
  );

  const groupsOf = (centre: (typeof nav)[number]): Item[] =>
    centre.groups.map((group) => ({
      key: group.code,
      icon: <MenuIcon name={group.iconfont} />,
      label: <TruncatedLabel text={t(group.titleKey)} />,
      children: group.items.map((item) => ({ key: item.url, label: link(item.url, t(item.titleKey)) })),
    }));

  const items: Item[] = [
    { key: '/dashboard', icon: <DashboardOutlined />, label: link('/dashboard', t('nav.dashboard')) },
    // Collapsed, the centre headings have no room: the groups follow one another.
    ...nav.flatMap((centre): Item[] =>
      collapsed
        ? groupsOf(centre)
        : [{ type: 'group', key: centre.code, label: <TruncatedLabel text={t(centre.titleKey)} />, children: groupsOf(centre) }],
    ),
  ];

  return (
    <nav aria-label={t('shell.mainNav')} className="shell-nav">
      <div className="shell-brand" aria-hidden="true">
        {collapsed ? t('common.appName').slice(0, 1) : t('common.appName')}
      </div>
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selection.item ? [selection.item] : []}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={(keys) => setOpenKeys(keys)}
        // The link follows a click; Enter on the focused item lands here.
        onClick={({ key, domEvent }) => {
          if (domEvent.type === 'keydown') void navigate(key);
        }}
      />
    </nav>
  );
}
