import type { Db } from '../../db/client.js';
import { commonSettings } from './common-setting.table.js';

const DEFAULT_SETTINGS = [
  { name: 'tour_enabled', value: 'true', description: 'Show the first-visit tour to new users', remark: '' },
  {
    name: 'telemetry_retention',
    value: '90',
    description: 'Days of device telemetry history kept for trajectories and charts',
    remark: 'days',
  },
  {
    name: 'trip_stop_minutes',
    value: '10',
    description: 'Minutes a vehicle or battery stands still (or stays silent) before its trip ends',
    remark: 'minutes',
  },
  {
    name: 'time_zone',
    value: 'Asia/Jakarta',
    description: "The time zone days are counted in: the dashboard's today and its trends",
    remark: 'IANA zone',
  },
  {
    name: 'lock_idle_minutes',
    value: '15',
    description: 'Minutes without a key press or pointer move before the screen locks (0: never)',
    remark: 'minutes',
  },
];

/** Every database: the settings the product reads, with their defaults (an existing one is kept). */
export async function seedDefaultSettings(db: Db): Promise<void> {
  await db.insert(commonSettings).values(DEFAULT_SETTINGS).onConflictDoNothing();
}
