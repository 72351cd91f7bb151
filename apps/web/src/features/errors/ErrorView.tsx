import { useEffect, type ReactNode } from 'react';
import { Result } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../../shared/AntdProvider';

export interface ErrorViewProps {
  status: ResultStatusType;
  title: string;
  message: string;
  actions: ReactNode;
  /** A page of its own (outside the shell) brings its own main landmark. */
  standalone?: boolean;
}

export function ErrorView({ status, title, message, actions, standalone }: ErrorViewProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('common.appName')}`;
  }, [title, t]);
  const view = (
    <Result
      status={status}
      title={<h1 className="error-title">{title}</h1>}
      subTitle={<p className="error-message">{message}</p>}
      extra={actions}
    />
  );
  return standalone ? (
    <AntdProvider>
      <main className="standalone-page">{view}</main>
    </AntdProvider>
  ) : (
    view
  );
}
