import { useEffect, type ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface TitleBarProps {
  title: string;
  /** true goes back in history; a path goes there. */
  back?: boolean | string;
  /** Page actions: Add, Export, batch actions... */
  operate?: ReactNode;
}

/** The title bar every page starts with: its heading is the page's h1 and the document title. */
export function TitleBar({ title, back, operate }: TitleBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${title} · ${t('common.appName')}`;
  }, [title, t]);
  const goBack = () => {
    if (typeof back === 'string') void navigate(back);
    else void navigate(-1);
  };
  return (
    <Flex className="title-bar" align="center" justify="space-between" gap={12} wrap>
      <Flex align="center" gap={8}>
        {back ? (
          <Button icon={<ArrowLeftOutlined />} onClick={goBack}>
            {t('common.back')}
          </Button>
        ) : null}
        <h1 className="title-bar-heading">{title}</h1>
      </Flex>
      {operate ? (
        <Flex gap={8} wrap>
          {operate}
        </Flex>
      ) : null}
    </Flex>
  );
}
