import { lazy, Suspense } from 'react';
import { Button, Flex, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from './LanguageMenu';
import { QuickLinks } from './QuickLinks';
import { UserMenu } from './UserMenu';

// The bell follows alarms live: its code comes after the page, not with the shell.
const AlarmBell = lazy(async () => ({ default: (await import('./AlarmBell')).AlarmBell }));

/** Ids the first-visit tour points at. */
export const TOUR_TARGETS = {
  sidebarToggle: 'tour-sidebar-toggle',
  quickLinks: 'tour-quick-links',
  language: 'tour-language',
} as const;

export function Header({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Layout.Header className="shell-header">
      <Flex align="center" justify="space-between" gap={8} style={{ height: '100%' }}>
        <Button
          id={TOUR_TARGETS.sidebarToggle}
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          aria-label={t('shell.toggleSidebar')}
          aria-expanded={!collapsed}
          title={t('shell.toggleSidebar')}
        />
        <Flex align="center" gap={4}>
          <Suspense fallback={null}>
            <AlarmBell />
          </Suspense>
          <QuickLinks id={TOUR_TARGETS.quickLinks} />
          <LanguageMenu id={TOUR_TARGETS.language} />
          <UserMenu />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
