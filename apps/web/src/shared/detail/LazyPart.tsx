import { Suspense, type ReactNode } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A part of a detail page whose code loads when the page shows it (a card's table): a spinner of
 * the part's height until it is there, so a page without lists of its own does not load the table
 * kit before it draws (docs/scaling.md, "Web bundle").
 */
export function LazyPart({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Spin description={t('common.loading')}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      }
    >
      {children}
    </Suspense>
  );
}
