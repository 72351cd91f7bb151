import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { ListPage, type FormDrawer } from '../pages/list-page.js';
import { Shell } from '../pages/shell.js';
import { createBasePrice, createCity, createMerchant, createVehicleType, setMerchantCurrency } from '../support/factories.js';

const PATH = '/basic-pricing/vehicle-price';

describe('base prices', () => {
  test('a merchant sets a base price in Bahasa: the form’s money checks, the amount in rupiah, a second one refused', async ({
    page,
    baseURL,
  }) => {
    // The merchant's own vehicle type and city, and a lease price already set for them.
    const merchant = await createMerchant({ menuCodes: ['price.vehicle'] });
    await setMerchantCurrency(merchant, 'IDR');
    const [type, city] = await Promise.all([createVehicleType(), createCity()]);
    await createBasePrice(merchant, { operationType: 'LEASE', vehicleTypeId: type.id, batteryCount: 1, cityId: city.id });
    await new Shell(page).signIn(merchant.admin.username, merchant.admin.password);
    await page.context().addCookies([{ name: 'language', value: 'in', url: baseURL }]);
    const list = new ListPage(page, PATH);
    await list.open();
    await page.getByText('Harga kendaraan').first().waitFor();
    await list.row(city.name).first().waitFor();

    const price = {
      'Jenis operasi': 'Jual',
      'Tipe kendaraan': `${type.name} (${type.code})`,
      'Jumlah baterai': '1',
      Kota: city.name,
      Harga: '18500000',
      Deposit: '0.005',
      Sewa: '0',
      'Tarif harian': '0',
      'Tarif harian minimum': '0',
    };
    const save = (drawer: FormDrawer) => drawer.locator.getByRole('button', { name: 'Simpan', exact: true }).click();
    const drawer = await list.startAdd('Tambah harga', price);
    await save(drawer);
    await drawer.shows('Deposit maksimal dua angka desimal');
    await drawer.fill({ Deposit: '-1' });
    await save(drawer);
    await drawer.shows('Deposit minimal 0');
    await drawer.fill({ Deposit: '1250000' });
    await save(drawer);
    await drawer.locator.waitFor({ state: 'hidden' });
    // Rupiah shows no decimals, grouped the Indonesian way.
    const row = list.row('Jual');
    await row.getByText(/Rp\s18\.500\.000/).waitFor();
    await row.getByText(/Rp\s1\.250\.000/).waitFor();
    await row.getByText(city.name).waitFor();

    // The lease price's operation type, vehicle type, batteries and city again: refused, nothing added.
    const again = await list.startAdd('Tambah harga', { ...price, 'Jenis operasi': 'Sewa', Deposit: '0' });
    await save(again);
    await page.getByText('Pengaturan harga sudah ada').first().waitFor();
    // Any Bike is for LEASE only.
    await again.fill({ 'Jenis operasi': 'Jual', 'Tipe kendaraan': 'Semua Motor' });
    await save(again);
    await again.shows('Semua Motor hanya boleh dengan jenis operasi LEASE');
    await again.locator.getByRole('button', { name: 'Batal', exact: true }).click();
    await again.locator.waitFor({ state: 'hidden' });
    expect(await list.rows().count()).toBe(2);
    await checkA11y(page);
  });

  test('platform staff must choose the agent, whose currency the money inputs then show', async ({ page }) => {
    const baht = await createMerchant({ menuCodes: ['price.vehicle'] });
    const rupiah = await createMerchant({ menuCodes: ['price.vehicle'] });
    await setMerchantCurrency(baht, 'THB');
    await setMerchantCurrency(rupiah, 'IDR');
    await new Shell(page).signIn('admin');
    const list = new ListPage(page, PATH);
    await list.open();

    const drawer = await list.startAdd('Add price');
    // No agent chosen: no currency guessed, and saving asks for the agent.
    expect(await drawer.prefixOf('Price')).toBe('');
    await drawer.save();
    await drawer.shows('A platform admin must choose an agent');
    await drawer.fill({ Merchant: baht.name });
    await expect.poll(() => drawer.prefixOf('Price')).toBe('฿');
    expect(await drawer.prefixOf('Deposit')).toBe('฿');
    await drawer.fill({ Merchant: rupiah.name });
    await expect.poll(() => drawer.prefixOf('Price')).toBe('Rp');
  });
});
