import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '@swap/contracts';
import { changeLanguage, currentLanguage } from '../../i18n';

/** Language switch; the choice goes to the `language` cookie and survives a reload. */
export function LanguageMenu({ id }: { id?: string }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [active],
        items: LANGUAGES.map((language) => ({
          key: language,
          label: <span lang={language === 'in' ? 'id' : language}>{t(`shell.languageName.${language}`)}</span>,
        })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key);
        },
      }}
    >
      <Button id={id} type="text" icon={<GlobalOutlined />} aria-label={`${t('shell.language')}: ${t(`shell.languageName.${active}`)}`}>
        <span className="header-label">{t(`shell.languageName.${active}`)}</span>
      </Button>
    </Dropdown>
  );
}
