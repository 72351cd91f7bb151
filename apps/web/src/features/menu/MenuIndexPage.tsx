import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { TitleBar } from '../../shared/TitleBar';
import { MenuTransfer } from './MenuTransfer';
import { MenuTreePanel } from './MenuTreePanel';
import { ResourcesPanel } from './ResourcesPanel';

/**
 * System centre → Menus and resources.
 * @route /system/menu/index
 */
export function MenuIndexPage() {
  const { t } = useTranslation();
  return (
    <>
      <TitleBar title={t('nav.admin.resource')} operate={<MenuTransfer />} />
      <Flex vertical gap={16}>
        <MenuTreePanel />
        <ResourcesPanel />
      </Flex>
    </>
  );
}
