import type { FastifyInstance } from 'fastify';
import { commonSettingAdd, commonSettingEdit, commonSettingSearch, idQuery, type CommonSettingRecord } from '@swap/contracts';
import { omsRoute, SENT } from '../../app/route.js';
import { sendCsv, toCsv, type CsvColumn } from '../../app/csv.js';
import { columnHeader } from '../../app/policy.js';
import { addSetting, editSetting, removeSetting, searchSettings, settingDetail, settingsForExport } from './common-setting.service.js';

/** Settings are platform-wide: anyone granted the screen reads them, only platform staff change them. */
const platform = (code: string) => ({ code, scope: 'platform' as const });

const CSV_COLUMNS: CsvColumn<CommonSettingRecord>[] = [
  { header: columnHeader('id'), value: (row) => row.id },
  { header: columnHeader('name'), value: (row) => row.name },
  { header: columnHeader('value'), value: (row) => row.value },
  { header: columnHeader('description'), value: (row) => row.description },
  { header: columnHeader('remark'), value: (row) => row.remark },
  { header: columnHeader('updatedAt'), value: (row) => row.updatedAt },
];

const BASE = '/admin/common-setting';

export function registerCommonSettingRoutes(app: FastifyInstance): void {
  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/search`, access: { code: 'admin.commonSetting' }, body: commonSettingSearch },
    async ({ ctx, body }) => searchSettings(ctx.db, body),
  );

  omsRoute(
    app,
    { method: 'GET', url: `${BASE}/detail`, access: { code: 'admin.commonSetting' }, querystring: idQuery },
    async ({ ctx, query }) => settingDetail(ctx.db, query.id),
  );

  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/add`, access: platform('admin.commonSetting.add'), body: commonSettingAdd },
    async ({ ctx, body }) => addSetting(ctx, body),
  );

  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/edit`, access: platform('admin.commonSetting.edit'), body: commonSettingEdit },
    async ({ ctx, body }) => editSetting(ctx, body),
  );

  omsRoute(
    app,
    { method: 'GET', url: `${BASE}/remove`, access: platform('admin.commonSetting.remove'), querystring: idQuery },
    async ({ ctx, query }) => {
      await removeSetting(ctx, query.id);
      return null;
    },
  );

  omsRoute(
    app,
    { method: 'POST', url: `${BASE}/export`, access: { code: 'admin.commonSetting.export' }, body: commonSettingSearch },
    async ({ ctx, body, reply }) => {
      const rows = await settingsForExport(ctx.db, body);
      void sendCsv(reply, 'common-settings.csv', toCsv(rows, CSV_COLUMNS, ctx.lang));
      return SENT;
    },
  );
}
