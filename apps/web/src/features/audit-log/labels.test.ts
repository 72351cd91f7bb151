import { describe, expect, it } from 'vitest';
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  AUDIT_VERBS,
  ENUM_WORDS,
  LANGUAGES,
  changeText,
  describeChanges,
  fieldLabel,
  messageText,
  type Language,
} from '@swap/contracts';
import { RESOURCES } from '../../i18n/resources';
import { actionSummary, auditObjects, catalogueWords } from './labels';

/** The app's i18next settings with every catalogue loaded, fixed to one language. */
const loaded = new Map<Language, I18n>();

async function i18nIn(language: Language): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init({
    resources: { [language]: { translation: RESOURCES[language] } },
    lng: language,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  });
  loaded.set(language, instance);
  return instance;
}

async function tIn(language: Language): Promise<TFunction> {
  return (await i18nIn(language)).t;
}

/** The changes as the screen words them, from the catalogue of the language (loaded by tIn first). */
function changesIn(language: Language, changes: unknown, objectType?: string) {
  return describeChanges(changes, objectType, catalogueWords(loaded.get(language)!, language));
}

describe('audit log wording', () => {
  it('offers every object type in the object filter, in every language', async () => {
    for (const language of LANGUAGES) expect(auditObjects(await i18nIn(language), language).sort()).toEqual([...AUDIT_OBJECTS].sort());
  });

  it('has every verb and object type in every language', () => {
    for (const language of LANGUAGES) {
      for (const verb of AUDIT_VERBS) expect(RESOURCES[language][`auditLog.verb.${verb}`], `${language} ${verb}`).toBeTruthy();
      for (const object of AUDIT_OBJECTS)
        expect(RESOURCES[language][`auditLog.objectType.${object}`], `${language} ${object}`).toBeTruthy();
    }
  });

  it('words every registered action without a key or placeholder showing', async () => {
    for (const [action, { verb }] of Object.entries(AUDIT_ACTIONS)) expect(action.endsWith(verb), action).toBe(true);
    for (const language of LANGUAGES) {
      const i18n = await i18nIn(language);
      for (const [action, { object }] of Object.entries(AUDIT_ACTIONS)) {
        const text = actionSummary(i18n, language, { action, objectType: object, objectId: '7' });
        expect(text, `${language} ${action}`).not.toMatch(/auditLog\.|\{|\}/);
        expect(text.endsWith(' #7'), `${language} ${action}`).toBe(object !== 'session');
      }
    }
  });

  it('says what was done to which object, in the reader language', async () => {
    const en = await i18nIn('en');
    expect(actionSummary(en, 'en', { action: 'notification.edit', objectType: 'notification', objectId: '12' })).toBe(
      'Edited notification #12',
    );
    expect(actionSummary(en, 'en', { action: 'battery.scrap', objectType: 'battery', objectId: null })).toBe('Scrapped battery');
    expect(actionSummary(await i18nIn('in'), 'in', { action: 'merchant.add', objectType: 'merchant', objectId: '3' })).toBe(
      'Menambahkan merchant #3',
    );
    expect(actionSummary(await i18nIn('th'), 'th', { action: 'role.remove', objectType: 'role', objectId: '5' })).toBe('ลบบทบาท #5');
    expect(actionSummary(await i18nIn('zh'), 'zh', { action: 'login', objectType: 'session', objectId: null })).toBe('登录');
    // A sign-in's object id is the account in the entry's account column: no number after it.
    expect(actionSummary(en, 'en', { action: 'login', objectType: 'session', objectId: '1' })).toBe('Sign-in');
    // A row written before its verb was registered keeps its raw name.
    expect(actionSummary(en, 'en', { action: 'firmware.rollout', objectType: 'firmware', objectId: '1' })).toBe('firmware.rollout #1');
  });

  it('shows an edit as field labels with before and after, texts quoted', async () => {
    await tIn('en');
    expect(changesIn('en', { title: ['Station maintenance', 'Station closed'], sort: [0, 3] })).toEqual([
      { field: 'Title', before: '“Station maintenance”', after: '“Station closed”', edited: true },
      { field: 'Sort', before: '0', after: '3', edited: true },
    ]);
    expect(changeText(changesIn('en', { title: ['a', 'b'] })[0]!)).toBe('“a” → “b”');
  });

  it('words a merchant type, a vehicle state and a refusal, and names the keys of commands and imports', async () => {
    const t = await tIn('in');
    expect(changesIn('in', { type: ['AGENT', 'DIRECT'] }, 'merchant')[0]).toMatchObject({
      before: t('merchant.type.AGENT'),
      after: t('merchant.type.DIRECT'),
    });
    expect(t('merchant.type.AGENT')).not.toBe('AGENT');
    const vehicle = changesIn('in', {
      availability: ['AVAILABLE', 'UNAVAILABLE'],
      activationStatus: ['ACTIVATED', 'NOT_ACTIVATED'],
    });
    for (const line of vehicle) expect(`${line.before} ${line.after}`).not.toMatch(/[A-Z]{4,}/);
    const refusal = changesIn('in', { refused: 'noAuthority' }, 'account')[0]!;
    expect(refusal.field).toBe('Ditolak karena');
    expect(refusal.after).toBe(messageText('noAuthority', 'in'));
    const keys = ['commandId', 'refused', 'replaced', 'count', 'rows', 'complete', 'filter', 'createdMenus', 'createdResources'];
    for (const language of LANGUAGES) {
      await tIn(language);
      const lines = changesIn(language, Object.fromEntries(keys.map((key) => [key, 1])));
      for (const [i, line] of lines.entries()) expect(line.field, `${language} ${keys[i]}`).not.toBe(keys[i]);
    }
  });

  it("names a file's size as a file size and a refused device message by its kind, in every language", async () => {
    for (const language of LANGUAGES) {
      await tIn(language);
      const [size] = changesIn(language, { size: 2048 }, 'file');
      expect(size!.field, language).toBe(ENUM_WORDS[language]['auditLog.field']['file.size']);
      expect(size!.field, language).not.toBe(fieldLabel('size', language));
      const [channel] = changesIn(language, { channel: 'authorize' }, 'cabinet');
      expect(channel!.after, language).toBe(ENUM_WORDS[language]['deviceLink.channel'].authorize);
      expect(channel!.after, language).not.toMatch(/authorize/);
    }
  });

  it('words enumeration values and yes/no as the screens do', async () => {
    const t = await tIn('in');
    expect(changesIn('in', { status: ['ENABLED', 'DISABLED'] })).toEqual([
      { field: 'Status', before: t('account.status.ENABLED'), after: t('account.status.DISABLED'), edited: true },
    ]);
    expect(t('account.status.DISABLED')).not.toBe('DISABLED');
    expect(changesIn('in', { number: 'B1', inUse: true })).toEqual([
      { field: 'Nomor', after: '“B1”', edited: false },
      { field: 'Digunakan', after: 'Ya', edited: false },
    ]);
    expect(changesIn('in', { stockStatus: ['INSTOCK', 'OUTSTOCK'] })[0]).toMatchObject({
      before: 'Di stok',
      after: 'Keluar stok',
    });
    // A value the product has no word for stays as written.
    expect(changesIn('in', { status: ['ENABLED', 'LOCKED'] })[0]).toMatchObject({ after: 'LOCKED' });
  });

  it('shows a created object field by field, lists joined and empties marked', async () => {
    await tIn('zh');
    expect(changesIn('zh', { menuIds: [1, 2], merchantId: null, password: '***' })).toEqual([
      { field: '菜单', after: '1, 2', edited: false },
      { field: '商户', after: '∅', edited: false },
      { field: '密码', after: '“***”', edited: false },
    ]);
    expect(changesIn('zh', null)).toEqual([]);
  });
});
