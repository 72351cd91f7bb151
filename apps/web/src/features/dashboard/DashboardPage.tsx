import { lazy, Suspense, useMemo } from 'react';
import { Card, Col, Empty, Row } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_CARD_CODES, DASHBOARD_CARDS } from '@swap/contracts';
import { MenuIcon } from '../../shared/MenuIcon';
import { grantedCentres } from '../../shared/menuModel';
import { useAllowed, usePermissions } from '../../shared/permissions';
import { getUserInfo } from '../../shared/session';
import { Panel } from '../../shared/StateView';
import { TitleBar } from '../../shared/TitleBar';
import { LiveIndicator } from '../../shared/detail/LiveIndicator';
import { FleetMapCard } from '../station';
import { useDashboardLive } from './dashboardQueries';
import { FiguresCard } from './FiguresCard';
import './dashboard.css';

// Below the headline figures: the charts, tables and map load after the page.
const TrendsCard = lazy(async () => ({ default: (await import('./TrendsCard')).TrendsCard }));
const RankingCard = lazy(() => import('./RankingCard'));

const placeholder = <Card size="small" loading className="dashboard-card" />;

/** Links to the granted centres, for an account holding none of the dashboard's cards. */
function Centres() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const centres = useMemo(() => grantedCentres(permissions.has), [permissions]);
  return (
    <section aria-labelledby="dashboard-centres">
      <h2 id="dashboard-centres" className="section-title">
        {t('dashboard.centres')}
      </h2>
      {centres.length === 0 ? <Empty description={t('dashboard.noCentres')} /> : null}
      <Row gutter={[16, 16]}>
        {centres.map((centre) => {
          const title = t(centre.titleKey);
          return (
            <Col key={centre.code} xs={24} sm={12} xl={8}>
              <Panel className="centre-card">
                <div className="centre-card-head">
                  <span className="centre-card-icon" aria-hidden="true">
                    <MenuIcon name={centre.iconfont} />
                  </span>
                  <h3 className="centre-card-title">{title}</h3>
                </div>
                <p className="muted">{t(`dashboard.desc.${centre.code}`)}</p>
                <div className="centre-card-footer">
                  {centre.firstPage ? (
                    <Link to={centre.firstPage}>
                      {t('dashboard.open', { centre: title })} <RightOutlined aria-hidden />
                    </Link>
                  ) : (
                    <span className="muted">{t('dashboard.noScreens')}</span>
                  )}
                </div>
              </Panel>
            </Col>
          );
        })}
      </Row>
    </section>
  );
}

/**
 * Home (docs/dashboard.md): how the network is doing now, for the account's tenant. The figures,
 * trends and rankings each show to holders of their own code, kept fresh through the dashboard's
 * live stream; the fleet map to holders of a station menu (docs/stations-and-maps.md). Made to stay
 * on a wall screen: at 1920×1080 the cards fit without scrolling.
 * @route /dashboard
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const user = getUserInfo();
  const held = DASHBOARD_CARDS.filter((card) => allowed({ code: DASHBOARD_CARD_CODES[card] }));
  const map = allowed({ code: ['site.store', 'site.cabinet'] });
  const live = useDashboardLive(held, map);
  const figures = held.includes('figures');
  const trends = held.includes('trends');
  const ranking = held.includes('ranking');
  // Side by side on a wide screen: trends, rankings and the map share the row, each full width when alone.
  // The rankings take half of it, so that at 1920×1080 their rows keep to one line and the page fits.
  const spans = {
    trends: ranking ? 7 : map ? 16 : 24,
    ranking: trends ? 12 : map ? 16 : 24,
    map: trends && ranking ? 5 : trends || ranking ? 8 : 24,
  };
  return (
    <div className="dashboard">
      <TitleBar title={t('nav.dashboard')} operate={held.length || map ? <LiveIndicator status={live} /> : null} />
      {user ? <p className="dashboard-welcome">{t('dashboard.welcome', { name: user.username })}</p> : null}
      {figures ? <FiguresCard /> : null}
      <Row gutter={[16, 16]} className="dashboard-row">
        {trends ? (
          <Col xs={24} xl={spans.trends}>
            <Suspense fallback={placeholder}>
              <TrendsCard />
            </Suspense>
          </Col>
        ) : null}
        {ranking ? (
          <Col xs={24} xl={spans.ranking}>
            <Suspense fallback={placeholder}>
              <RankingCard />
            </Suspense>
          </Col>
        ) : null}
        {map ? (
          <Col xs={24} xl={spans.map}>
            <FleetMapCard height={trends || ranking ? 340 : 420} />
          </Col>
        ) : null}
      </Row>
      {held.length === 0 ? <Centres /> : null}
    </div>
  );
}
