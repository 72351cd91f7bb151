import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ErrorViewProps {
  /** The status's picture (antd's own Result illustrations, plain SVG: see the pages). */
  image: ReactNode;
  title: string;
  message: string;
  actions: ReactNode;
  /** A page of its own (outside the shell) brings its own main landmark. */
  standalone?: boolean;
}

/**
 * An error or refusal page. Plain markup styled like the app (no UI library), so the signed-out
 * error pages load no more than the sign-in page does (docs/scaling.md, "Web bundle").
 */
export function ErrorView({ image, title, message, actions, standalone }: ErrorViewProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('common.appName')}`;
  }, [title, t]);
  const view = (
    <div className="error-view">
      <div className="error-image" aria-hidden="true">
        {image}
      </div>
      <h1 className="error-title">{title}</h1>
      <p className="error-message">{message}</p>
      <div className="error-actions">{actions}</div>
    </div>
  );
  return standalone ? <main className="standalone-page">{view}</main> : view;
}

/** A button of an error page (plain markup, looks like the app's buttons). */
export function ErrorAction({ primary, onClick, children }: { primary?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={primary ? 'plain-button plain-button-primary' : 'plain-button'} onClick={onClick}>
      {children}
    </button>
  );
}
