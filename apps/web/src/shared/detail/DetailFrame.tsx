import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Button, Card } from 'antd';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAllowed, type Gate } from '../permissions';
import { TitleBar } from '../TitleBar';
import { DetailState } from './DetailCards';
import { LiveIndicator } from './LiveIndicator';
import type { DetailQuery } from './useDetail';

/** An action of the title bar, shown only to an account holding its code. */
export interface DetailAction<T> extends Gate {
  key: string;
  /** Permission code, or codes of which any one suffices; omitted: whoever sees the page. */
  code?: string | readonly string[];
  /** Shown only while this holds (a scrapped device keeps no Edit). */
  when?: (record: T) => boolean;
  /** A plain button with this label… */
  labelKey?: string;
  icon?: ReactNode;
  danger?: boolean;
  /** …opening the page's drawer of that name… */
  opens?: string;
  /** …or an element of its own (a confirm button, a link). */
  render?: (record: T) => ReactNode;
}

/** What a drawer of a detail page is given; it is rendered from its first opening on (see lazyDrawer). */
export interface DetailDrawerProps<T> {
  record: T;
  open: boolean;
  close: () => void;
}

export interface DetailFrameProps<T> {
  /** The page's data hook (useBatteryDetail(id), …). */
  detail: DetailQuery<T>;
  /** The heading once the record is loaded. */
  title: (record: T) => string;
  /** The heading before (the page's name). */
  pageTitleKey: string;
  /** The list the page belongs to (Back, and the not-found state's way out). */
  back: string;
  /** Error state text when the record could not be loaded. */
  loadFailedKey: string;
  actions?: DetailAction<T>[];
  /** Edit and other forms, by name; actions open them with `opens`. Load them with lazyDrawer. */
  drawers?: Record<string, (props: DetailDrawerProps<T>) => ReactNode>;
  /** The record's own state at the top of the page, before the live status (a device online or offline). */
  status?: (record: T) => ReactNode;
  /** The field groups, cards and tabs of the loaded record. */
  children: (record: T) => ReactNode;
}

/** The server says the record does not exist (or is another tenant's): said in its words; Back leads to the list. */
export function NotFoundState({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <div className="state-error" role="alert" data-state="not-found">
        <p className="state-error-title">{message ?? t('message.recordNotFound')}</p>
      </div>
    </Card>
  );
}

/**
 * The frame of every detail page (see docs/web-kits.md): title bar with Back, the live status and
 * the actions the account may use; the record's loading, error and not-found states; the record's
 * cards; and the page's drawers, mounted only once opened so their code loads on first use.
 */
export function DetailFrame<T>({
  detail,
  title,
  pageTitleKey,
  back,
  loadFailedKey,
  actions = [],
  drawers = {},
  status,
  children,
}: DetailFrameProps<T>) {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const [opened, setOpened] = useState<string | null>(null);
  const [mounted, setMounted] = useState<readonly string[]>([]);
  const { state, record } = detail;
  // A server or network failure on a page's main record opens the server-error page (docs/web-kits.md).
  if (state === 'serverFailure') return <Navigate to="/error-page/500" replace />;

  const open = (name: string) => {
    setOpened(name);
    setMounted((names) => (names.includes(name) ? names : [...names, name]));
  };
  const close = () => setOpened(null);
  const shown = record === undefined ? [] : actions.filter((action) => allowed(action) && (action.when?.(record) ?? true));

  return (
    <>
      <TitleBar
        title={record === undefined ? t(pageTitleKey) : title(record)}
        back={back}
        operate={
          record === undefined ? null : (
            <>
              {status?.(record)}
              {detail.live ? <LiveIndicator status={detail.live} /> : null}
              {shown.map((action) =>
                action.render ? (
                  <span key={action.key}>{action.render(record)}</span>
                ) : (
                  <Button
                    key={action.key}
                    icon={action.icon}
                    danger={action.danger}
                    onClick={() => (action.opens ? open(action.opens) : undefined)}
                  >
                    {t(action.labelKey ?? action.key)}
                  </Button>
                ),
              )}
            </>
          )
        }
      />
      {state === 'notFound' ? (
        <NotFoundState message={detail.errorMessage} />
      ) : record === undefined ? (
        <DetailState failed={state === 'failed'} titleKey={loadFailedKey} onRetry={detail.retry} />
      ) : (
        children(record)
      )}
      {record === undefined
        ? null
        : mounted.map((name) => (
            <Suspense key={name} fallback={null}>
              {drawers[name]?.({ record, open: opened === name, close })}
            </Suspense>
          ))}
    </>
  );
}

/**
 * A drawer or dialog of a detail page, loaded the first time it opens (React.lazy): its form code
 * stays out of the page's initial JS. DetailFrame renders it inside Suspense.
 */
export function lazyDrawer<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(async () => ({ default: await load() }));
}
