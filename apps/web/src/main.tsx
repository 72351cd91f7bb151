import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App, queryClient } from './app/App';
import { preloadFirstScreen } from './app/router';
import { initI18n } from './i18n';
import { readDirection } from './shared/language';

document.documentElement.dir = readDirection();

const root = document.getElementById('root');
if (root) {
  preloadFirstScreen(window.location.pathname, queryClient);
  const reactRoot = createRoot(root);
  void initI18n().then(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
