import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n';
import { removeFiguresPicture } from '../shared/firstScreen';

interface State {
  failed: boolean;
}

/**
 * A page that failed to load or render (e.g. a chunk gone after a deploy) is a server-side fault
 * to the user: plain markup, since the failed import may be the UI library itself.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(): void {
    // Not hidden behind the dashboard's picture drawn before the code (docs/dashboard.md, "First paint").
    removeFiguresPicture();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="standalone-page">
        <div className="plain-error">
          <h1 className="plain-error-title">{i18n.t('errors.serverTitle')}</h1>
          <p>{i18n.t('errors.serverMessage')}</p>
          <button type="button" className="plain-button plain-button-primary" onClick={() => window.location.reload()}>
            {i18n.t('errors.refresh')}
          </button>
        </div>
      </main>
    );
  }
}
