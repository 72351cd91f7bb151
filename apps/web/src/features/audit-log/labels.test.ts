import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { LANGUAGES } from '@swap/contracts';
import { RESOURCES } from '../../i18n/resources';
import { AUDIT_OBJECTS, AUDIT_VERBS, actionLabel, objectLabel } from './labels';

const t = ((key: string) => RESOURCES.th[key] ?? key) as unknown as TFunction;

describe('audit log labels', () => {
  it('has every verb and object type in every language', () => {
    for (const language of LANGUAGES) {
      for (const verb of AUDIT_VERBS) expect(RESOURCES[language][`auditLog.verb.${verb}`], `${language} ${verb}`).toBeTruthy();
      for (const object of AUDIT_OBJECTS)
        expect(RESOURCES[language][`auditLog.objectType.${object}`], `${language} ${object}`).toBeTruthy();
    }
  });

  it('names an action by its last part and keeps an unknown one as written', () => {
    expect(actionLabel(t, 'role.add')).toBe('เพิ่ม');
    expect(actionLabel(t, 'stock.battery.out')).toBe('จ่ายออกจากคลัง');
    expect(actionLabel(t, 'login')).toBe('เข้าสู่ระบบ');
    expect(actionLabel(t, 'firmware.rollout')).toBe('firmware.rollout');
    expect(objectLabel(t, 'common_setting')).toBe('การตั้งค่าทั่วไป');
    expect(objectLabel(t, 'alarmRule')).toBe('alarmRule');
  });
});
