import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint, resourceEndpoints } from '../endpoint.js';
import type { FieldLabels } from '../language.js';
import { cleanString, id, idQuery, requiredText, safeText } from '../validation.js';
import type { DeviceKind } from './device-type.js';

/** How serious an alarm is; each level has its colour, sound and webhook (docs/alarms.md, "Levels"). */
export const ALARM_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];

/** The device kinds a device alarm rule watches. */
export const ALARM_DEVICE_KINDS = ['battery', 'cabinet', 'vehicle'] as const satisfies readonly DeviceKind[];
export type AlarmDeviceKind = (typeof ALARM_DEVICE_KINDS)[number];

/**
 * What a rule watches, each a reading of the device's telemetry or state (docs/device-protocol.md,
 * "Telemetry"): numbers compared with the rule's range, or conditions that hold or not (water,
 * smoke, offline, a compartment's door open or fault, a vehicle's fault).
 */
export const ALARM_PARAMETERS = [
  'temperature',
  'cellVoltageSpread',
  'soc',
  'voltage',
  'current',
  'gsmSignal',
  'gpsSignal',
  'humidity',
  'water',
  'smoke',
  'signal',
  'load',
  'offline',
  'doorOpen',
  'compartmentFault',
  'speed',
  'fault',
] as const;
export type AlarmParameter = (typeof ALARM_PARAMETERS)[number];

/** The parameters each kind reports. */
export const ALARM_PARAMETERS_OF: Record<AlarmDeviceKind, readonly AlarmParameter[]> = {
  battery: ['temperature', 'cellVoltageSpread', 'soc', 'voltage', 'current', 'gsmSignal', 'gpsSignal'],
  cabinet: ['temperature', 'humidity', 'water', 'smoke', 'signal', 'load', 'offline', 'doorOpen', 'compartmentFault'],
  vehicle: ['soc', 'speed', 'fault'],
};

/** Read per compartment from the cabinet's state: one alarm per cabinet and compartment (docs/alarms.md, "Parameters"). */
export const COMPARTMENT_PARAMETERS: readonly AlarmParameter[] = ['doorOpen', 'compartmentFault'];

/**
 * Business alarm rules watch what the business records rather than a device's readings
 * (docs/alarms.md, "Business rules"): failed swaps at one cabinet within a window, a station with no
 * battery ready to swap, the share of a cabinet's commands that failed within a window.
 */
export const BUSINESS_CONDITIONS = ['swapFailures', 'noSwappableBattery', 'commandFailureRate'] as const;
export type BusinessCondition = (typeof BUSINESS_CONDITIONS)[number];
/** What a business alarm is about: the cabinet or the station it names. */
export const BUSINESS_SUBJECT_OF: Record<BusinessCondition, 'cabinet' | 'station'> = {
  swapFailures: 'cabinet',
  noSwappableBattery: 'station',
  commandFailureRate: 'cabinet',
};
/** A failure rate is judged once a cabinet has finished at least this many commands within the window. */
export const COMMAND_RATE_MIN_COMMANDS = 3;

/** Every kind an alarm record has: a device's, or a business rule's. */
export const ALARM_KINDS = [...ALARM_DEVICE_KINDS, 'business'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];
/** What an alarm record watched: a device reading or a business condition. */
export const ALARM_RECORD_PARAMETERS = [...ALARM_PARAMETERS, ...BUSINESS_CONDITIONS] as const;

/** Conditions that hold or not: no range, the alarm opens while the condition holds. */
export const CONDITION_PARAMETERS: readonly AlarmParameter[] = ['water', 'smoke', 'offline', 'doorOpen', 'compartmentFault', 'fault'];

/** How an alarm is told: the in-app list, the header badge, the level's webhook. */
export const ALARM_NOTIFICATIONS = ['IN_APP', 'HEADER', 'WEBHOOK'] as const;
export type AlarmNotification = (typeof ALARM_NOTIFICATIONS)[number];

/** OPEN until someone acknowledges it or it clears (by its clear condition or by hand). */
export const ALARM_STATES = ['OPEN', 'ACKNOWLEDGED', 'CLEARED'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** Labels of the fields alarms brought to the product (see FIELD_LABELS). */
export const alarmFieldLabels = {
  level: { en: 'Level', in: 'Tingkat', th: 'ระดับ', zh: '级别' },
  colour: { en: 'Colour', in: 'Warna', th: 'สี', zh: '颜色' },
  sound: { en: 'Sound', in: 'Suara', th: 'เสียง', zh: '声音' },
  webhookUrl: { en: 'Webhook URL', in: 'URL webhook', th: 'URL เว็บฮุก', zh: 'Webhook 地址' },
  labelEn: { en: 'Label (English)', in: 'Label (Inggris)', th: 'ป้ายชื่อ (อังกฤษ)', zh: '名称（英文）' },
  labelIn: { en: 'Label (Bahasa)', in: 'Label (Bahasa)', th: 'ป้ายชื่อ (บาฮาซา)', zh: '名称（印尼文）' },
  labelTh: { en: 'Label (Thai)', in: 'Label (Thai)', th: 'ป้ายชื่อ (ไทย)', zh: '名称（泰文）' },
  labelZh: { en: 'Label (Chinese)', in: 'Label (Tionghoa)', th: 'ป้ายชื่อ (จีน)', zh: '名称（中文）' },
  alarmKind: { en: 'Device kind', in: 'Jenis perangkat', th: 'ชนิดอุปกรณ์', zh: '设备种类' },
  deviceTypeId: { en: 'Device type', in: 'Tipe perangkat', th: 'ประเภทอุปกรณ์', zh: '设备型号' },
  parameter: { en: 'Parameter', in: 'Parameter', th: 'พารามิเตอร์', zh: '参数' },
  rangeFrom: { en: 'From', in: 'Dari', th: 'ตั้งแต่', zh: '下限' },
  rangeTo: { en: 'To', in: 'Sampai', th: 'ถึง', zh: '上限' },
  holdSeconds: { en: 'Hold (seconds)', in: 'Bertahan (detik)', th: 'คงอยู่ (วินาที)', zh: '持续（秒）' },
  clearMargin: { en: 'Clear margin', in: 'Margin pemulihan', th: 'ระยะเผื่อการยกเลิก', zh: '恢复回差' },
  content: { en: 'Content', in: 'Isi', th: 'เนื้อหา', zh: '内容' },
  notifications: { en: 'Notification', in: 'Pemberitahuan', th: 'การแจ้งเตือน', zh: '通知方式' },
  alarmState: { en: 'State', in: 'Status', th: 'สถานะ', zh: '状态' },
  header: { en: 'Header badge', in: 'Lencana header', th: 'ป้ายบนแถบหัว', zh: '顶栏角标' },
  openedAt: { en: 'Raised at', in: 'Muncul pada', th: 'เกิดเมื่อ', zh: '发生时间' },
  lastSeenAt: { en: 'Last seen', in: 'Terakhir terlihat', th: 'พบล่าสุด', zh: '最近出现' },
  clearedAt: { en: 'Cleared at', in: 'Pulih pada', th: 'ยกเลิกเมื่อ', zh: '解除时间' },
  assigneeId: { en: 'Assignee', in: 'Penanggung jawab', th: 'ผู้รับผิดชอบ', zh: '处理人' },
  comment: { en: 'Comment', in: 'Komentar', th: 'ความเห็น', zh: '备注' },
  ruleId: { en: 'Rule', in: 'Aturan', th: 'กฎ', zh: '规则' },
  businessRuleId: { en: 'Business rule', in: 'Aturan bisnis', th: 'กฎธุรกิจ', zh: '业务规则' },
  detail: { en: 'Details', in: 'Rincian', th: 'รายละเอียด', zh: '详情' },
  deviceNumber: { en: 'Device number', in: 'Nomor perangkat', th: 'หมายเลขอุปกรณ์', zh: '设备编号' },
  businessCondition: { en: 'Condition', in: 'Kondisi', th: 'เงื่อนไข', zh: '条件' },
  threshold: { en: 'Threshold', in: 'Ambang batas', th: 'เกณฑ์', zh: '阈值' },
  windowMinutes: { en: 'Window (minutes)', in: 'Jendela (menit)', th: 'ช่วงเวลา (นาที)', zh: '时间窗口（分钟）' },
} satisfies FieldLabels;

// ---- Levels ----

const colour = cleanString().regex(/^#[0-9a-fA-F]{6}$/, { message: 'validation.invalid' });
/** Empty: no webhook; otherwise an http(s) address. */
const optionalWebhook = safeText(2000).refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { message: 'validation.url' });

export const alarmLevelRecord = z.object({
  level: z.enum(ALARM_LEVELS),
  colour: z.string(),
  sound: z.boolean(),
  webhookUrl: z.string(),
  labelEn: z.string(),
  labelIn: z.string(),
  labelTh: z.string(),
  labelZh: z.string(),
  updatedAt: z.string(),
});
export type AlarmLevelRecord = z.infer<typeof alarmLevelRecord>;
/**
 * A level's edit answers its webhook's signing key once, when the address was set or changed (a
 * new key each time), and null otherwise: the key is never shown again (docs/alarms.md, "Webhooks").
 */
export const alarmLevelEdited = alarmLevelRecord.extend({ signingKey: z.string().nullable() });
export type AlarmLevelEdited = z.infer<typeof alarmLevelEdited>;

/** The event type of a level's webhook: an alarm opened at that level. */
export const ALARM_WEBHOOK_EVENT = 'alarm.opened';
/** The body a level's webhook receives (signed like the external systems' deliveries). */
export interface AlarmWebhookBody {
  event: typeof ALARM_WEBHOOK_EVENT;
  alarm: {
    id: number;
    kind: AlarmKind;
    merchantId: number | null;
    deviceNumber: string;
    compartment: number | null;
    parameter: string;
    level: AlarmLevel;
    content: string;
    detail: string;
    value: number | null;
    openedAt: string;
  };
}

export const alarmLevelEdit = z.object({
  level: z.enum(ALARM_LEVELS, { message: 'validation.required' }),
  colour,
  sound: z.boolean(),
  webhookUrl: optionalWebhook,
  labelEn: requiredText(40),
  labelIn: requiredText(40),
  labelTh: requiredText(40),
  labelZh: requiredText(40),
});
export type AlarmLevelEdit = z.infer<typeof alarmLevelEdit>;

// ---- Device rules ----

/** A reading's bound: finite, within what any telemetry reports. */
const bound = z
  .number({ message: 'validation.number' })
  .min(-1_000_000, { message: 'validation.invalid' })
  .max(1_000_000, { message: 'validation.tooLarge' });

export const alarmRuleRecord = z.object({
  id: z.number(),
  merchantId: z.number().nullable(),
  alarmKind: z.enum(ALARM_DEVICE_KINDS),
  deviceTypeId: z.number().nullable(),
  deviceTypeName: z.string().nullable(),
  parameter: z.enum(ALARM_PARAMETERS),
  rangeFrom: z.number().nullable(),
  rangeTo: z.number().nullable(),
  holdSeconds: z.number(),
  clearMargin: z.number(),
  level: z.enum(ALARM_LEVELS),
  content: z.string(),
  notifications: z.array(z.enum(ALARM_NOTIFICATIONS)),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type AlarmRuleRecord = z.infer<typeof alarmRuleRecord>;

export const alarmRuleSearch = pageQuerySchema.extend({
  alarmKind: z.enum(ALARM_DEVICE_KINDS).optional(),
  parameter: z.enum(ALARM_PARAMETERS).optional(),
  level: z.enum(ALARM_LEVELS).optional(),
  enabled: z.boolean().optional(),
  content: safeText(100).optional(),
});

const ruleFields = z.object({
  alarmKind: z.enum(ALARM_DEVICE_KINDS, { message: 'validation.required' }),
  deviceTypeId: id.nullish(),
  parameter: z.enum(ALARM_PARAMETERS, { message: 'validation.required' }),
  rangeFrom: bound.nullish(),
  rangeTo: bound.nullish(),
  holdSeconds: z
    .number({ message: 'validation.number' })
    .int({ message: 'validation.integer' })
    .min(0, { message: 'validation.min0' })
    .max(86_400, { message: 'validation.tooLarge' }),
  clearMargin: z
    .number({ message: 'validation.number' })
    .min(0, { message: 'validation.min0' })
    .max(1_000_000, { message: 'validation.tooLarge' }),
  level: z.enum(ALARM_LEVELS, { message: 'validation.required' }),
  content: requiredText(200),
  notifications: z.array(z.enum(ALARM_NOTIFICATIONS)).max(ALARM_NOTIFICATIONS.length),
  enabled: z.boolean(),
});

/** The checks across fields: the parameter is one the kind reports; a number needs a bound, and from ≤ to. */
function checkRule(rule: z.infer<typeof ruleFields>, ctx: z.RefinementCtx) {
  if (!ALARM_PARAMETERS_OF[rule.alarmKind].includes(rule.parameter)) {
    ctx.addIssue({ code: 'custom', path: ['parameter'], message: 'validation.invalid' });
  }
  if (CONDITION_PARAMETERS.includes(rule.parameter)) return;
  if (rule.rangeFrom == null && rule.rangeTo == null) ctx.addIssue({ code: 'custom', path: ['rangeFrom'], message: 'validation.required' });
  if (rule.rangeFrom != null && rule.rangeTo != null && rule.rangeFrom > rule.rangeTo) {
    ctx.addIssue({ code: 'custom', path: ['rangeTo'], message: 'validation.invalid' });
  }
}

export const alarmRuleAdd = ruleFields.superRefine(checkRule);
export type AlarmRuleAdd = z.infer<typeof alarmRuleAdd>;
export const alarmRuleEdit = ruleFields.extend({ id }).superRefine(checkRule);
export type AlarmRuleEdit = z.infer<typeof alarmRuleEdit>;

// ---- Business rules ----

export const businessRuleRecord = z.object({
  id: z.number(),
  merchantId: z.number().nullable(),
  businessCondition: z.enum(BUSINESS_CONDITIONS),
  /** Failed swaps (at least), swappable batteries (at most), or failed commands in percent (at least). */
  threshold: z.number(),
  /** The window counted back from now; none for a station's swappable batteries (counted as they are). */
  windowMinutes: z.number().nullable(),
  level: z.enum(ALARM_LEVELS),
  content: z.string(),
  notifications: z.array(z.enum(ALARM_NOTIFICATIONS)),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type BusinessRuleRecord = z.infer<typeof businessRuleRecord>;

export const businessRuleSearch = pageQuerySchema.extend({
  businessCondition: z.enum(BUSINESS_CONDITIONS).optional(),
  level: z.enum(ALARM_LEVELS).optional(),
  enabled: z.boolean().optional(),
  content: safeText(100).optional(),
});

const businessFields = z.object({
  businessCondition: z.enum(BUSINESS_CONDITIONS, { message: 'validation.required' }),
  threshold: z
    .number({ message: 'validation.number' })
    .int({ message: 'validation.integer' })
    .min(0, { message: 'validation.min0' })
    .max(10_000, { message: 'validation.tooLarge' }),
  windowMinutes: z
    .number({ message: 'validation.number' })
    .int({ message: 'validation.integer' })
    .min(1, { message: 'validation.invalid' })
    .max(10_080, { message: 'validation.tooLarge' })
    .nullish(),
  level: z.enum(ALARM_LEVELS, { message: 'validation.required' }),
  content: requiredText(200),
  notifications: z.array(z.enum(ALARM_NOTIFICATIONS)).max(ALARM_NOTIFICATIONS.length),
  enabled: z.boolean(),
});

/** A windowed condition needs its window; a count of failures is at least 1; a rate is 1 to 100 percent. */
function checkBusinessRule(rule: z.infer<typeof businessFields>, ctx: z.RefinementCtx) {
  if (rule.businessCondition === 'noSwappableBattery') return;
  if (rule.windowMinutes == null) ctx.addIssue({ code: 'custom', path: ['windowMinutes'], message: 'validation.required' });
  if (rule.threshold < 1) ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'validation.invalid' });
  if (rule.businessCondition === 'commandFailureRate' && rule.threshold > 100) {
    ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'validation.tooLarge' });
  }
}

export const businessRuleAdd = businessFields.superRefine(checkBusinessRule);
export type BusinessRuleAdd = z.infer<typeof businessRuleAdd>;
export const businessRuleEdit = businessFields.extend({ id }).superRefine(checkBusinessRule);
export type BusinessRuleEdit = z.infer<typeof businessRuleEdit>;

// ---- Alarm records ----

export const alarmRecord = z.object({
  id: z.number(),
  merchantId: z.number().nullable(),
  alarmKind: z.enum(ALARM_KINDS),
  /** The device, or a business alarm's cabinet or station (its number or name). */
  deviceId: z.number(),
  deviceNumber: z.string(),
  /** The cabinet's compartment a door or compartment alarm is about; null for the whole device. */
  compartment: z.number().nullable(),
  /** What the device said of its fault (a vehicle's or a compartment's fault text); empty otherwise. */
  detail: z.string(),
  /** The device rule that raised it (none for a business alarm). */
  ruleId: z.number().nullable(),
  /** The business rule that raised a business alarm. */
  businessRuleId: z.number().nullable(),
  parameter: z.enum(ALARM_RECORD_PARAMETERS),
  level: z.enum(ALARM_LEVELS),
  content: z.string(),
  alarmState: z.enum(ALARM_STATES),
  /** The reading that raised it, and the latest while it stays open (none for a condition). */
  value: z.number().nullable(),
  openedAt: z.string(),
  lastSeenAt: z.string(),
  clearedAt: z.string().nullable(),
  assigneeId: z.number().nullable(),
  assigneeName: z.string().nullable(),
  comment: z.string(),
  /** The device's latest readings (battery: charge, temperature, voltage; cabinet: temperature, humidity, online). */
  live: z.record(z.string(), z.union([z.number(), z.boolean(), z.null()])),
});
export type AlarmRecord = z.infer<typeof alarmRecord>;

export const alarmSearch = pageQuerySchema.extend({
  alarmKind: z.enum(ALARM_KINDS).optional(),
  deviceNumber: safeText(32).optional(),
  level: z.enum(ALARM_LEVELS).optional(),
  alarmState: z.enum(ALARM_STATES).optional(),
  /** Open or acknowledged: not cleared yet. */
  active: z.boolean().optional(),
  /** Told in the header (its rule named the header badge when it opened): with state OPEN, what the bell counts. */
  header: z.boolean().optional(),
  ruleId: id.optional(),
  /** A business rule's alarms (its ids are its own: a device rule's and a business rule's may be alike). */
  businessRuleId: id.optional(),
  openedFrom: z.iso.datetime({ offset: true }).optional(),
  openedTo: z.iso.datetime({ offset: true }).optional(),
});
export type AlarmSearch = z.infer<typeof alarmSearch>;

/** What happened to an alarm, oldest first: it opened, was acknowledged, assigned, cleared. */
export const ALARM_HISTORY_EVENTS = ['opened', 'acknowledged', 'assigned', 'cleared'] as const;
export type AlarmHistoryEvent = (typeof ALARM_HISTORY_EVENTS)[number];

/**
 * One step of an alarm's history (docs/alarms.md, "Detail"): its opening and a clearing by its
 * condition come from the alarm itself (no one did them: `by` null), what people did from the audit
 * log (`by` names the account).
 */
export const alarmHistoryEntry = z.object({
  event: z.enum(ALARM_HISTORY_EVENTS),
  at: z.string(),
  /** The account that did it (its name, else its user name); null: the device's readings or the check. */
  by: z.string().nullable(),
  comment: z.string(),
  /** An assignment's new assignee (null: nobody). */
  assigneeName: z.string().nullable(),
});
export type AlarmHistoryEntry = z.infer<typeof alarmHistoryEntry>;

/** A battery's or cabinet's alarm on its detail page: the record and its history. */
export const alarmDetail = alarmRecord.extend({ history: z.array(alarmHistoryEntry) });
export type AlarmDetail = z.infer<typeof alarmDetail>;

/** Acknowledge or clear an alarm, with the operator's comment. */
export const alarmHandle = z.object({ id, comment: safeText(500) });
export const alarmAssign = z.object({ id, assigneeId: id.nullable() });

/** The header's figures: alarms not yet acknowledged the caller may see whose rule names the header badge, and the high ones among them. */
export const alarmSummary = z.object({ open: z.number(), high: z.number(), latestId: z.number() });
export type AlarmSummary = z.infer<typeof alarmSummary>;

/** One `alarm` event of the header's stream: a new alarm of a device the account may see. */
export interface AlarmLiveEvent {
  id: number;
  alarmKind: AlarmKind;
  deviceNumber: string;
  level: AlarmLevel;
  content: string;
}

const ALARM_SORTABLE = ['openedAt', 'lastSeenAt', 'level', 'deviceNumber'] as const;
const handleCode: Record<AlarmKind, string> = {
  battery: 'alarm.battery.edit',
  cabinet: 'alarm.cabinet.edit',
  vehicle: 'alarm.vehicle.edit',
  business: 'alarm.records.edit',
};

/** Acknowledge, clear and assign an alarm of one kind: the kind's alarm screen's edit action (business alarms: the records'). */
function handling(kind: AlarmKind) {
  const access = { code: handleCode[kind] };
  return {
    acknowledge: endpoint({ method: 'POST', path: `/alarm/${kind}/acknowledge`, access, body: alarmHandle, answer: alarmRecord }),
    clear: endpoint({ method: 'POST', path: `/alarm/${kind}/clear`, access, body: alarmHandle, answer: alarmRecord }),
    assign: endpoint({ method: 'POST', path: `/alarm/${kind}/assign`, access, body: alarmAssign, answer: alarmRecord }),
  };
}

/** Alarm configuration (levels, device and business rules) and alarm records (docs/alarms.md). */
export const alarmApi = {
  levels: endpoint({
    method: 'POST',
    path: '/alarm/level/search',
    access: { code: 'alarmConfiguration.level' },
    body: pageQuerySchema,
    answer: pageSchema(alarmLevelRecord),
    sortable: [],
  }),
  /** The levels' colours and labels, for any screen showing an alarm. */
  levelChoices: endpoint({ method: 'GET', path: '/alarm/level/choices', access: { code: '' }, answer: z.array(alarmLevelRecord) }),
  editLevel: endpoint({
    method: 'POST',
    path: '/alarm/level/edit',
    access: { code: 'alarmConfiguration.level.edit', scope: 'platform' },
    body: alarmLevelEdit,
    answer: alarmLevelEdited,
  }),
  rules: resourceEndpoints({
    path: '/alarm/rule',
    code: 'alarmConfiguration.device',
    record: alarmRuleRecord,
    search: alarmRuleSearch,
    add: alarmRuleAdd,
    edit: alarmRuleEdit,
    sortable: ['createdAt', 'parameter', 'level'],
  }),
  businessRules: resourceEndpoints({
    path: '/alarm/business-rule',
    code: 'alarmConfiguration.business',
    record: businessRuleRecord,
    search: businessRuleSearch,
    add: businessRuleAdd,
    edit: businessRuleEdit,
    sortable: ['createdAt', 'level'],
  }),
  records: {
    search: endpoint({
      method: 'POST',
      path: '/alarm/record/search',
      access: { code: 'alarm.records' },
      body: alarmSearch,
      answer: pageSchema(alarmRecord),
      sortable: ALARM_SORTABLE,
    }),
    export: endpoint({
      method: 'POST',
      path: '/alarm/record/export',
      access: { code: 'alarm.records.export' },
      body: alarmSearch,
      answer: 'csv',
      sortable: ALARM_SORTABLE,
    }),
  },
  /** One kind's alarm screen (`/product/device/<kind>/list`): that kind's alarms with the device's live readings. */
  battery: {
    search: endpoint({
      method: 'POST',
      path: '/alarm/battery/search',
      access: { code: 'alarm.battery' },
      body: alarmSearch.omit({ alarmKind: true }),
      answer: pageSchema(alarmRecord),
      sortable: ALARM_SORTABLE,
    }),
    /** One battery alarm with its history (`/product/device/battery/detail?id=`). */
    detail: endpoint({
      method: 'GET',
      path: '/alarm/battery/detail',
      access: { code: 'alarm.battery' },
      query: idQuery,
      answer: alarmDetail,
    }),
    ...handling('battery'),
  },
  cabinet: {
    search: endpoint({
      method: 'POST',
      path: '/alarm/cabinet/search',
      access: { code: 'alarm.cabinet' },
      body: alarmSearch.omit({ alarmKind: true }),
      answer: pageSchema(alarmRecord),
      sortable: ALARM_SORTABLE,
    }),
    /** One cabinet alarm with its history (`/product/device/cabinet/detail?id=`). */
    detail: endpoint({
      method: 'GET',
      path: '/alarm/cabinet/detail',
      access: { code: 'alarm.cabinet' },
      query: idQuery,
      answer: alarmDetail,
    }),
    ...handling('cabinet'),
  },
  vehicle: handling('vehicle'),
  business: handling('business'),
  summary: endpoint({ method: 'GET', path: '/alarm/summary', access: { code: '' }, answer: alarmSummary }),
  live: endpoint({
    method: 'GET',
    path: '/alarm/live',
    access: { code: '' },
    answer: 'stream',
    summary:
      'Server-Sent Events: an `alarm` event (id, kind, device number, level, content) for each new alarm of a device the account may see, and a `summary` event (as `GET /alarm/summary`) whenever its open alarms change (one opened, cleared or acknowledged)',
  }),
} as const;
