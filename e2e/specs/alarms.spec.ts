import { alarmApi, cabinetApi, cabinetTelemetry } from '@swap/contracts';
import type { RunningFleet } from '@swap/simulator';
import { startCabinetDevice } from '../support/fleet.js';
import { createBatteryType, createCabinetDevice } from '../support/factories.js';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { FormDrawer, ListPage } from '../pages/list-page.js';
import { Shell } from '../pages/shell.js';
import { AlarmDetailPage } from '../pages/alarm-detail-page.js';
import { apiRequest, apiToken } from '../support/api.js';

const RECORDS = '/product/device/alarmRecord/list';

const report = (waterAlarm: boolean, smokeAlarm = false) =>
  cabinetTelemetry.parse({
    ts: new Date().toISOString(),
    humidity: 55,
    signal: 20,
    waterAlarm,
    smokeAlarm,
    temperature: 30,
    lamp: 'ON',
    radiator: 'AUTO',
    supply: 'NORMAL',
    power: { externalMax: 10, chargerTotal: 7.2 },
    meters: [{ index: 1, energyKwh: 100 }],
    load: 2,
  });

describe('alarms', () => {
  test('a cabinet’s water alarm appears live in the header, is found by its rule, acknowledged with a comment and assigned', async ({
    page,
  }) => {
    // A cabinet of its own, run as a simulated device, and rules of its type alone.
    const cabinet = await createCabinetDevice({ batteries: 0 });
    const token = await apiToken();
    const { typeId } = await apiRequest(token, cabinetApi.detail, { id: cabinet.id });
    const addRule = (
      parameter: 'water' | 'smoke' | 'temperature',
      rule: { level: 'HIGH' | 'LOW'; content: string; notifications: ('IN_APP' | 'HEADER')[]; rangeFrom?: number },
    ) =>
      apiRequest(token, alarmApi.rules.add, {
        alarmKind: 'cabinet',
        deviceTypeId: typeId,
        parameter,
        holdSeconds: 0,
        clearMargin: 0,
        enabled: true,
        ...rule,
      });
    const content = `Water in ${cabinet.number}`;
    const rule = await addRule('water', { level: 'HIGH', content, notifications: ['IN_APP', 'HEADER'] });
    const smokeContent = `Smoke in ${cabinet.number}`;
    const smokeRule = await addRule('smoke', { level: 'LOW', content: smokeContent, notifications: ['IN_APP', 'HEADER'] });
    // A rule telling the alarm list only (no header notice): the cabinet's 30 °C opens it with the first report.
    const warmContent = `Warm ${cabinet.number}`;
    const warmRule = await addRule('temperature', { level: 'LOW', content: warmContent, notifications: ['IN_APP'], rangeFrom: 25 });
    let fleet: RunningFleet | undefined;
    try {
      fleet = await startCabinetDevice(cabinet);
      const device = fleet.cabinets[0]!;
      await device.publishRaw('telemetry', JSON.stringify(report(false)));

      const shell = new Shell(page);
      await shell.startSignedIn('admin');
      const list = new ListPage(page, RECORDS);
      await list.open();
      await shell.alarmBell().waitFor();
      await expect.poll(() => shell.openAlarms()).not.toBeNaN();
      const records = async () => (await apiRequest(token, alarmApi.records.search, { deviceNumber: cabinet.number })).records;
      const contents = async () => (await records()).map((r) => r.content);
      // The bell says, live, the open alarms the header tells that the account may see (as the server
      // counts them at this moment; other specs' and the demo's alarms come and go meanwhile).
      const bellFollowsServer = () =>
        expect.poll(async () => (await shell.openAlarms()) - (await apiRequest(token, alarmApi.summary, undefined)).open).toBe(0);
      // The warm alarm is listed open; its rule names no header notice, so the header's count leaves it out (docs/alarms.md, "Live").
      await expect.poll(contents).toContain(warmContent);
      await bellFollowsServer();

      // Water in the cabinet: the header tells it without a reload, and counts it.
      await device.publishRaw('telemetry', JSON.stringify(report(true)));
      await shell.alarmNotice(content).waitFor({ timeout: 10_000 });
      expect(await shell.alarmNotice(`High alarm: ${cabinet.number}`).count()).toBe(1);
      await bellFollowsServer();
      // The count shows beside the bell, not over it.
      const icon = (await shell.alarmBell().locator('.anticon-bell').boundingBox())!;
      const count = (await shell.alarmBell().locator('.ant-badge-count').boundingBox())!;
      expect(count.x >= icon.x + icon.width || count.y >= icon.y + icon.height).toBe(true);

      // The bell opens the alarms it counts (open, told in the header): the list holds as many as the
      // bell says, the list-only warm alarm not among them. Others' alarms come and go meanwhile: a
      // user seeing the two differ reloads the page and reads both again.
      await shell.alarmBell().click();
      await page.waitForURL((url) => url.searchParams.get('alarmState') === 'OPEN' && url.searchParams.get('header') === 'true');
      await list.row(content).waitFor();
      expect(await list.row(warmContent).count()).toBe(0);
      // The filters the bell set are in sight, not folded away under "More filters".
      for (const [label, value] of [
        ['State', 'Open'],
        ['Header badge', 'Yes'],
      ]) {
        const filter = page
          .getByRole('search')
          .locator('.ant-form-item')
          .filter({ has: page.getByText(label!, { exact: true }) });
        expect(await filter.isVisible(), label).toBe(true);
        expect(await filter.innerText(), label).toContain(value);
      }
      await expect
        .poll(async () => {
          await shell.alarmBell().waitFor();
          const difference = (await list.total()) - (await shell.openAlarms());
          if (difference !== 0) await page.reload();
          return difference;
        })
        .toBe(0);
      await list.open();

      // Smoke too: the cabinet's records hold its alarms; the Rule filter (its choices searched by
      // their content on the server) keeps the chosen rule's alone.
      await device.publishRaw('telemetry', JSON.stringify(report(true, true)));
      await shell.alarmNotice(smokeContent).waitFor({ timeout: 10_000 });
      await expect.poll(contents).toContain(smokeContent);
      await bellFollowsServer();
      // Cleared elsewhere: the bell goes down without a reload.
      const smoke = (await records()).find((r) => r.content === smokeContent)!;
      await apiRequest(token, alarmApi.cabinet.clear, { id: smoke.id, comment: 'Detector cleaned' });
      await bellFollowsServer();
      await list.search({ 'Device number': cabinet.number });
      await list.row(smokeContent).waitFor();
      await list.row(content).getByText('Open', { exact: true }).waitFor();
      await list.search({ Rule: content });
      await list.row(smokeContent).waitFor({ state: 'detached' });
      await list.row(content).getByText('Open', { exact: true }).waitFor();
      await list.action(content, 'Acknowledge');
      const drawer = new FormDrawer(page);
      await drawer.fill({ Comment: 'Technician on the way' });
      await drawer.saveAndClose();
      await list.row(content).getByText('Acknowledged', { exact: true }).waitFor();
      await list.row(content).getByText('Technician on the way').waitFor();
      // Acknowledged: no longer open, the bell goes down.
      await bellFollowsServer();
      // Assigned from the accounts the server offers for this alarm.
      await list.action(content, 'Assign');
      await drawer.fill({ Assignee: 'Platform admin (admin)' });
      await drawer.saveAndClose();
      await list.row(content).getByText('Platform admin', { exact: true }).waitFor();
      await checkA11y(page);

      // The alarm's own page tells who did what, and clears it with a comment.
      const detail = new AlarmDetailPage(page, 'cabinet');
      await detail.openFrom(list.row(content), content);
      await expect.poll(() => detail.steps()).toHaveLength(3);
      const [raised, acknowledged, assigned] = await detail.steps();
      expect(raised).toContain('Raised');
      expect(acknowledged).toContain('Acknowledged by Platform admin');
      expect(acknowledged).toContain('Technician on the way');
      expect(assigned).toContain('Assigned to Platform admin by Platform admin');
      await detail.action('Clear').click();
      await drawer.fill({ Comment: 'Pump installed' });
      await drawer.saveAndClose();
      await expect.poll(async () => (await detail.steps()).at(-1)).toContain('Cleared by Platform admin');
      await expect.poll(async () => (await detail.steps()).at(-1)).toContain('Pump installed');
      await detail.action('Clear').waitFor({ state: 'detached' });
      await checkA11y(page);
    } finally {
      await fleet?.stop();
      for (const each of [rule, smokeRule, warmRule]) await apiRequest(token, alarmApi.rules.remove, { id: each.id });
    }
  });

  test('a business alarm rule is added on its screen, refused without its window, and shown in words', async ({ page }) => {
    const shell = new Shell(page);
    await shell.startSignedIn('admin');
    const list = new ListPage(page, '/system/alarm/business');
    await list.open();
    const content = `Command failures ${Date.now()}`;
    const drawer = await list.startAdd('Add business alarm rule', {
      Condition: 'Command failure rate (%)',
      Threshold: '40',
      Content: content,
    });
    await drawer.field('Window (minutes)').clear();
    await drawer.save();
    await expect.poll(() => drawer.fieldError('Window (minutes)')).toContain('Window (minutes)');
    await drawer.fill({ 'Window (minutes)': '20' });
    await drawer.saveAndClose();
    await list.row(content).getByText('40 % or more commands failed in 20 min').waitFor();
    await checkA11y(page);
    const token = await apiToken();
    const { records } = await apiRequest(token, alarmApi.businessRules.search, { content });
    expect(records.map((r) => [r.businessCondition, r.threshold, r.windowMinutes])).toEqual([['commandFailureRate', 40, 20]]);
    await apiRequest(token, alarmApi.businessRules.remove, { id: records[0]!.id });
  });
  test('a device alarm rule is added on its screen for a type of its own, refused with its range upside down, and edited', async ({
    page,
  }) => {
    const type = await createBatteryType();
    const shell = new Shell(page);
    await shell.startSignedIn('admin');
    const list = new ListPage(page, '/system/alarm/device');
    await list.open();
    const content = `Pack too hot ${Date.now()}`;
    const drawer = await list.startAdd('Add alarm rule', {
      'Device kind': 'Battery',
      'Device type': type.name,
      Parameter: 'Temperature (°C)',
    });
    await drawer.fill({ From: '70', To: '60', 'Hold (seconds)': '30', 'Clear margin': '5', Level: 'High', Content: content });
    await drawer.save();
    await expect.poll(() => drawer.fieldError('To')).not.toBe('');
    await drawer.fill({ To: '' });
    await drawer.saveAndClose();
    const row = list.row(content);
    await row.getByText('70 – any').waitFor();
    await row.getByText(type.name).waitFor();
    await row.getByText('High', { exact: true }).waitFor();
    await row.getByText('In-app list, Header badge').waitFor();
    // Edited right after adding: the edit starts from the rule's values, not the add form's defaults.
    await list.edit(content, { Level: 'Medium', 'Hold (seconds)': '120' });
    await row.getByText('Medium', { exact: true }).waitFor();
    await checkA11y(page);
    const token = await apiToken();
    const { records } = await apiRequest(token, alarmApi.rules.search, { content });
    try {
      expect(records.map((r) => [r.deviceTypeId, r.parameter, r.rangeFrom, r.rangeTo, r.holdSeconds, r.clearMargin, r.level])).toEqual([
        [type.id, 'temperature', 70, null, 120, 5, 'MEDIUM'],
      ]);
    } finally {
      for (const rule of records) await apiRequest(token, alarmApi.rules.remove, { id: rule.id });
    }
  });
});
