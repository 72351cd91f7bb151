import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { usePublicSettings } from '../../shared/publicSettings';
import { SCROLL_RESET_MS, TOUR_DELAY_MS, tourFinished } from '../../shared/settings';
import { useStartupDone } from '../startup';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { SessionGuard } from './SessionGuard';

const Tour = lazy(async () => ({ default: (await import('./Tour')).Tour }));

export const SIDEBAR_WIDTH = 250;
export const SIDEBAR_COLLAPSED_WIDTH = 70;
/** Below this width (antd's xl breakpoint) the sidebar folds by itself, leaving room for wide lists. */
const NARROW = '(max-width: 1199.98px)';

/**
 * Starts the first-visit tour 1 s after the loading screen unless this browser has finished or
 * skipped it, and only while the `tour_enabled` setting is on (docs/api.md, "Common settings"):
 * the tour's lazy file (react-joyride) is fetched only then.
 */
function useTourStart(): boolean {
  const startupDone = useStartupDone();
  const settings = usePublicSettings();
  const [run, setRun] = useState(false);
  useEffect(() => {
    if (!startupDone || tourFinished()) return;
    const timer = setTimeout(() => setRun(true), TOUR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [startupDone]);
  // Settings that could not be read leave the tour on, as the server's default does.
  return run && !settings.isPending && settings.data?.tourEnabled !== false;
}

export function Shell() {
  const [collapsed, setCollapsed] = useState(() => window.matchMedia(NARROW).matches);
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const runTour = useTourStart();

  // Each navigation starts at the top of the content, once the new page has rendered.
  useEffect(() => {
    const timer = setTimeout(() => {
      mainRef.current?.scrollTo({ top: 0 });
      window.scrollTo({ top: 0 });
    }, SCROLL_RESET_MS);
    return () => clearTimeout(timer);
  }, [location.pathname]);

  return (
    <Layout className="shell">
      <Layout.Sider
        className="shell-sider"
        width={SIDEBAR_WIDTH}
        collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
        collapsed={collapsed}
        breakpoint="xl"
        onBreakpoint={setCollapsed}
        trigger={null}
        collapsible
      >
        <Sidebar collapsed={collapsed} />
      </Layout.Sider>
      <Layout className="shell-body">
        <Header collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />
        <Layout.Content className="shell-content" ref={mainRef} id="main-content">
          <Outlet />
        </Layout.Content>
      </Layout>
      <SessionGuard />
      {runTour ? (
        <Suspense fallback={null}>
          <Tour />
        </Suspense>
      ) : null}
    </Layout>
  );
}
