import type { AlarmRuleAdd } from '@swap/contracts';

/** A battery rule of the caller's tenant: HIGH from 55 °C at once, cleared 5 °C below, told in the app and the header. */
export const OVERHEATING_RULE: AlarmRuleAdd = {
  alarmKind: 'battery',
  parameter: 'temperature',
  rangeFrom: 55,
  rangeTo: null,
  holdSeconds: 0,
  clearMargin: 5,
  level: 'HIGH',
  content: 'Battery overheating',
  notifications: ['IN_APP', 'HEADER'],
  enabled: true,
};

/** A cabinet rule of the caller's tenant: HIGH at once when a cabinet goes offline, told in the app. */
export const OFFLINE_RULE: AlarmRuleAdd = {
  alarmKind: 'cabinet',
  parameter: 'offline',
  rangeFrom: null,
  rangeTo: null,
  holdSeconds: 0,
  clearMargin: 0,
  level: 'HIGH',
  content: 'Cabinet offline',
  notifications: ['IN_APP'],
  enabled: true,
};
