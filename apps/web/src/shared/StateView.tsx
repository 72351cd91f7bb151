import type { ReactNode } from 'react';
import { Button } from 'antd';
import { CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A white block around a list, a search form or a group of details. */
export function Panel({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={className ? `panel ${className}` : 'panel'}>{children}</div>;
}

/** The error state of a list or a record: what failed and a retry, never a blank area. */
export function ErrorState({ title, onRetry }: { title: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state-error" role="alert">
      <CloseCircleOutlined className="state-error-icon" aria-hidden />
      <p className="state-error-title">{title}</p>
      {onRetry ? <Button onClick={onRetry}>{t('common.retry')}</Button> : null}
    </div>
  );
}
