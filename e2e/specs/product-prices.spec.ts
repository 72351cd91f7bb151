import { basePriceApi, currencyApi } from '@swap/contracts';
import { checkA11y } from '../support/a11y.js';
import { apiRequest, apiToken } from '../support/api.js';
import { createCity, createMerchant, createVehicleType, unique } from '../support/factories.js';
import { describe, expect, test } from '../support/fixtures.js';
import { ListPage } from '../pages/list-page.js';
import { Shell } from '../pages/shell.js';

const PATH = '/basic-pricing/product-price';

describe('products and packages', () => {
  test('a merchant adds a package in Thai: refused under the price below its base price, then saved and listed', async ({
    page,
    baseURL,
  }) => {
    const merchant = await createMerchant({ menuCodes: ['price.product', 'price.vehicle'] });
    await apiRequest(await apiToken('admin'), currencyApi.edit, { currency: 'THB', merchantId: merchant.id });
    const [city, type] = await Promise.all([createCity(), createVehicleType()]);
    // The merchant's base price the package is held to: a LEASE rent of 350 baht per cycle.
    await apiRequest(merchant.admin.token, basePriceApi.add, {
      operationType: 'LEASE',
      vehicleTypeId: type.id,
      batteryCount: 1,
      cityId: city.id,
      price: '0',
      deposit: '500',
      rent: '350',
      dailyRate: '20',
      minDailyRate: '15',
    });

    await new Shell(page).signIn(merchant.admin.username, merchant.admin.password);
    await page.context().addCookies([{ name: 'language', value: 'th', url: baseURL }]);
    const list = new ListPage(page, PATH);
    await list.open();
    await page.getByRole('button', { name: 'เพิ่มผลิตภัณฑ์' }).waitFor();

    const name = unique('Pkg');
    const drawer = await list.startAdd('เพิ่มผลิตภัณฑ์', {
      ชื่อ: name,
      ประเภทการดำเนินงาน: 'เช่า',
      ประเภทยานพาหนะ: type.name,
      เมือง: city.name,
      เงินมัดจำ: '500',
      ค่าธรรมเนียม: '0',
      ราคาต่อรอบ: '349.99',
      ราคาต่ออายุ: '330',
      ราคาต่ออายุรายวัน: '15',
      จำนวนสลับต่อรอบ: '60',
      ระยะเวลา: '30',
      รูปแบบขายและเช่า: 'เช่าเท่านั้น',
      ข้อตกลง: 'Keep the vehicle in good order.',
    });
    await drawer.pickDate('เวลาเริ่ม', '2026-12-01 00:00:00');
    await drawer.pickDate('เวลาสิ้นสุด', '2027-12-01 00:00:00');
    const save = () => drawer.locator.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await save();
    // One satang below the base price: told under the price per cycle, in Thai, with the least it may be.
    const refusal = 'ราคาต่อรอบต้องไม่ต่ำกว่าราคาพื้นฐาน: อย่างน้อย 350.00 THB';
    await expect.poll(() => drawer.fieldError('ราคาต่อรอบ')).toBe(refusal);
    expect(await list.rows().count()).toBe(0);

    await drawer.fill({ ราคาต่อรอบ: '350' });
    await save();
    await drawer.locator.waitFor({ state: 'hidden' });
    const row = list.row(name);
    await row.waitFor();
    await row.getByText(city.name).waitFor();
    await row.getByText('เช่าเท่านั้น').waitFor();
    await row
      .getByText(/350\.00/)
      .first()
      .waitFor();
    expect(await list.rows().count()).toBe(1);
    await checkA11y(page);
  });
});
