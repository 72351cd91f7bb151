import { describe, expect, it } from 'vitest';
import {
  CENTRES,
  DOMAIN_FIELD_LABEL_SETS,
  FIELD_LABELS,
  LANGUAGES,
  MENU_TREE,
  MESSAGES,
  ROUTES,
  SHARED_FIELD_LABELS,
  SESSION_ENDING_CODES,
  allPermissionCodes,
  findRoute,
  formatMoney,
  messageByCode,
  toUserType,
} from './index.js';

describe('message catalogue', () => {
  const entries = Object.entries(MESSAGES);

  it('gives every message a unique code', () => {
    const codes = entries.map(([, entry]) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('has every message in every language', () => {
    for (const [key, entry] of entries) {
      for (const lang of LANGUAGES) expect(entry.text[lang], `${key}.${lang}`).toMatch(/\S/);
    }
  });

  it('keeps the session-ending codes of the spec', () => {
    for (const code of SESSION_ENDING_CODES) expect(messageByCode(code)).toBeDefined();
    expect(MESSAGES.loginExpired.text.en).toBe('Login expired, please login again');
  });
});

describe('route table and permission codes', () => {
  it('holds every permission code of the product', () => {
    const codes = new Set(allPermissionCodes());
    const spec = [
      'product-center',
      'operation-center',
      'order-center',
      'user-center',
      'system-center',
      'statistics-center',
      'type',
      'stock',
      'product',
      'alarm',
      'alarm.battery',
      'alarm.cabinet',
      'alarm.vehicle',
      'alarm.records',
      'price',
      'allocation',
      'site',
      'application',
      'message',
      'order',
      'order.product',
      'order.vehicle',
      'order.battery',
      'order.wallet',
      'order.combo',
      'order.transfer',
      'order.kwh',
      'record',
      'customer',
      'customer.authentication',
      'admin',
      'admin.admin',
      'admin.merchant',
      'admin.role',
      'admin.resource',
      'admin.area',
      'admin.commonSetting',
      'updrade',
      'alarmConfiguration',
      'system.international.currency',
      'operation.vehicle',
      'operation.vehicle.detail',
      'operation.battery',
      'operation.battery.latestInfos',
      'operation.cabinet',
      'operation.cabinet.latestInfos',
      'stock.vehicle',
      'stock.battery',
      'stock.cabinet',
      'type.vehicle',
      'type.battery',
      'type.cabinet',
      'message.updateMessage',
      'admin.merchant.detail',
      'updrade.record',
      'updrade.version',
      'updrade.firmware',
    ];
    for (const code of spec) expect(codes.has(code), code).toBe(true);
  });

  it('places every route in its centre', () => {
    const centreOfPath = (path: string) => ROUTES.find((route) => route.path === path)?.centre;
    // What any signed-in account opens is in the statistics centre's small table (the dashboard's).
    expect(centreOfPath('/dashboard')).toBe('statistics-center');
    expect(centreOfPath('/profile')).toBe('statistics-center');
    expect(centreOfPath('/product/battery/detail/:id')).toBe('product-center');
    expect(centreOfPath('/site/store-edit/:id')).toBe('operation-center');
    expect(centreOfPath('/order/battery/detail/:id/:type')).toBe('order-center');
    expect(centreOfPath('/user/detail/:id')).toBe('user-center');
    expect(centreOfPath('/system/merchant/detail/:id')).toBe('system-center');
    expect(centreOfPath('/product/vehicle/dashboard/:id')).toBe('product-center');
    for (const route of ROUTES) expect(CENTRES, route.path).toContain(route.centre);
  });

  it('guards every route with a code the seed knows', () => {
    const codes = new Set(allPermissionCodes());
    for (const route of ROUTES) if (route.code) expect(codes.has(route.code), route.path).toBe(true);
  });

  it('has unique codes across the menu tree', () => {
    const all = MENU_TREE.flatMap((c) => [
      c.code,
      ...c.groups.flatMap((g) => [g.code, ...g.items.flatMap((i) => [i.code, ...i.resources.map((r) => r.code)])]),
    ]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('matches id parameters with the spec patterns', () => {
    expect(findRoute('/user/detail/123')?.route.path).toBe('/user/detail/:id');
    expect(findRoute('/user/detail/12a')).toBeNull();
    expect(findRoute('/order/battery/detail/B-1/RENT_OUT')?.params).toEqual({ id: 'B-1', type: 'RENT_OUT' });
    expect(findRoute('/order/battery/detail/B-1/rent')).toBeNull();
    expect(findRoute('/product/cabinet/detail/CAB_01-x')?.params.id).toBe('CAB_01-x');
    expect(findRoute('/product/cabinet/detail/CAB 01')).toBeNull();
  });
});

describe('small shared rules', () => {
  it('falls back to NORMAL for an unknown user type', () => {
    expect(toUserType('SUPER')).toBe('SUPER');
    expect(toUserType('ROOT')).toBe('NORMAL');
    expect(toUserType(undefined)).toBe('NORMAL');
  });

  it('formats money as the currency followed by the number with its decimals', () => {
    expect(formatMoney(15000, 'IDR')).toBe('IDR 15,000');
    expect(formatMoney(12.5, 'THB')).toBe('THB 12.50');
    expect(formatMoney(20000.4, 'VND')).toBe('VND 20,000');
    expect(formatMoney('99999999999.99', 'USD')).toBe('USD 99,999,999,999.99');
    expect(formatMoney('1234567.50', 'IDR')).toBe('IDR 1,234,568');
  });
});

describe('field labels', () => {
  // One table of labels: a name declared twice with other words would replace the first everywhere.
  it('gives a field name the same words wherever it is declared', () => {
    const conflicts: string[] = [];
    for (const set of [SHARED_FIELD_LABELS, ...DOMAIN_FIELD_LABEL_SETS])
      for (const [name, words] of Object.entries(set))
        if (JSON.stringify(words) !== JSON.stringify(FIELD_LABELS[name]))
          conflicts.push(`${name}: ${words.en} / ${FIELD_LABELS[name]?.en}`);
    expect(conflicts).toEqual([]);
  });
});
