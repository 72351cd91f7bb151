import { lazy, Suspense } from 'react';
import { Button, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StationRecord, StationType } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { editAction, removeAction, ResourceTable } from '../../shared/table';
import { useListFilters } from '../../shared/table/listFilters';
import { TitleBar } from '../../shared/TitleBar';
import { useOwnerOptions } from '../device-registry';
import { areaOptions, useStationAreas } from './stationQueries';
import { STATUS_MAP, stationSearchFields, stationView } from './stationModel';

const StationFormDrawer = lazy(() => import('./StationFormDrawer'));
const StationsMap = lazy(() => import('./StationsMap'));

/** Sites → Integrated stations or Swap stations: the map and the list with one set of filters; add and edit in a drawer. */
export function StationListPage({ type }: { type: StationType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const view = stationView(type);
  const { pathname } = useLocation();
  const { id } = useParams();
  const editing = pathname === view.addPath ? 'new' : id && pathname === view.editPath(id) ? Number(id) : null;
  const owners = useOwnerOptions();
  const areas = useStationAreas(type);
  const searchFields = stationSearchFields(owners?.filter ?? null, areaOptions(areas.data));
  const filters = useListFilters(searchFields);

  return (
    <>
      <TitleBar
        title={t(view.titleKey)}
        operate={
          <Can code={`${view.code}.add`}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(view.addPath)}>
              {t(view.addTitleKey)}
            </Button>
          </Can>
        }
      />
      <Suspense fallback={<div style={{ height: 405 }} />}>
        <StationsMap views={[view]} filters={filters} />
      </Suspense>
      <ResourceTable<StationRecord, typeof view.api.search>
        endpoints={{ search: view.api.search, export: view.api.export }}
        rowKey="id"
        scrollX={1400}
        searchFields={searchFields}
        columns={[
          {
            key: 'name',
            titleKey: 'field.name',
            sortable: true,
            width: 200,
            render: (r) => (
              <>
                <Link to={view.detailPath(r.id)}>{r.name}</Link>
                {r.incomplete ? (
                  <Tag color="warning" style={{ marginInlineStart: 8 }}>
                    {t('station.incompleteTag')}
                  </Tag>
                ) : null}
              </>
            ),
          },
          { key: 'nature', titleKey: 'field.nature', sortable: true, width: 150, render: (r) => t(`station.nature.${r.nature}`) },
          { key: 'status', titleKey: 'field.status', sortable: true, width: 150, kind: 'status', statusMap: STATUS_MAP },
          { key: 'address', titleKey: 'field.address', width: 220, ellipsis: true },
          { key: 'areaName', titleKey: 'field.areaName', width: 160, render: (r) => r.areaName ?? '—' },
          { key: 'merchantName', titleKey: 'field.merchantName', width: 180, render: (r) => r.merchantName ?? t('station.platformOwn') },
          { key: 'responsiblePerson', titleKey: 'field.responsiblePerson', width: 160 },
          { key: 'cabinetCount', titleKey: 'field.cabinetCount', sortable: true, width: 110, kind: 'number' },
          { key: 'createdAt', titleKey: 'field.createdAt', sortable: true, width: 180, kind: 'datetime' },
        ]}
        rowActions={[
          editAction(view.code, (r) => void navigate(view.editPath(r.id))),
          removeAction(view.code, view.api.remove, { confirmKey: 'station.confirmRemove' }),
        ]}
      />
      {editing !== null && (
        <Suspense fallback={null}>
          <StationFormDrawer view={view} editing={editing} owners={owners?.merchants ?? null} onClose={() => navigate(view.listPath)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * @route /site/store-list
 * @route /site/store-add
 * @route /site/store-edit/:id
 */
export const IntegratedStationListPage = () => <StationListPage type="INTEGRATED" />;
/**
 * @route /site/cabinet-list
 * @route /site/cabinet-add
 * @route /site/cabinet-edit/:id
 */
export const SwapStationListPage = () => <StationListPage type="SWAP" />;
