import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Spin } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../shared/StateView';

/** A card's reload spinner shows at least this long (the spec's card reload spinner). */
export const RELOAD_SPINNER_MS = 1500;

interface CardQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * One card of the dashboard: its title, a Reload button, and its content once its call answered.
 * While loading it shows a skeleton; a failed first load says so with Retry. A reload (the button,
 * or a live change) spins in the card's corner for at least RELOAD_SPINNER_MS, the figures staying.
 */
export function DashboardCard<T>({
  title,
  query,
  className,
  extra,
  children,
}: {
  title: string;
  query: CardQuery<T>;
  className?: string;
  extra?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const reloading = query.isFetching && query.data !== undefined;
  // Held on from the start of a reload for RELOAD_SPINNER_MS, however fast the answer comes.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!reloading) return undefined;
    const on = setTimeout(() => setHeld(true), 0);
    return () => clearTimeout(on);
  }, [reloading]);
  useEffect(() => {
    if (!held) return undefined;
    const off = setTimeout(() => setHeld(false), RELOAD_SPINNER_MS);
    return () => clearTimeout(off);
  }, [held]);
  const spinning = reloading || held;
  return (
    <Card
      size="small"
      className={`dashboard-card ${className ?? ''}`}
      title={<h2 className="dashboard-card-title">{title}</h2>}
      loading={query.isPending}
      extra={
        <span className="dashboard-card-extra">
          {extra}
          {spinning ? <Spin size="small" aria-label={t('dashboard.reloading')} /> : null}
          <Button
            type="text"
            size="small"
            icon={<ReloadOutlined />}
            aria-label={t('dashboard.reload', { card: title })}
            onClick={() => void query.refetch()}
          />
        </span>
      }
      aria-busy={spinning}
    >
      {query.isError && query.data === undefined ? (
        <ErrorState title={t('dashboard.loadFailed')} onRetry={() => void query.refetch()} />
      ) : null}
      {query.data !== undefined ? children(query.data) : null}
    </Card>
  );
}
