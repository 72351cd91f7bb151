import { useMemo } from 'react';
import { Col, Empty, Row } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../shared/MenuIcon';
import { grantedCentres } from '../../shared/menuModel';
import { usePermissions } from '../../shared/permissions';
import { getUserInfo } from '../../shared/session';
import { Panel } from '../../shared/StateView';
import { TitleBar } from '../../shared/TitleBar';
import { FleetMapCard } from '../station';

/**
 * Home: the fleet map (docs/stations-and-maps.md), then one card per granted centre, linking to its first permitted page.
 * @route /dashboard
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const centres = useMemo(() => grantedCentres(permissions.has), [permissions]);
  const user = getUserInfo();
  return (
    <>
      <TitleBar title={t('nav.dashboard')} />
      {user ? <p>{t('dashboard.welcome', { name: user.username })}</p> : null}
      <FleetMapCard />
      <section aria-labelledby="dashboard-centres" className="dashboard-centres">
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
    </>
  );
}
