import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Flex, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, passwordChange, profileApi, profileEdit, type ProfileRecord, type SessionRecord } from '@swap/contracts';
import { changeLanguage, currentLanguage } from '../../i18n';
import { useEndpointMutation, useEndpointQuery } from '../../shared/api/endpoints';
import { ConfirmButton } from '../../shared/confirm';
import { DetailCards, DetailState } from '../../shared/detail';
import { ResourceForm, type FormField } from '../../shared/form';
import { formatDateTime, setDisplayTimeZone } from '../../shared/format';
import { getToken, getUserInfo, saveSession } from '../../shared/session';
import { TitleBar } from '../../shared/TitleBar';
import { useUi } from '../../shared/ui';
import { TIME_ZONES } from './timeZones';

/**
 * The zones offered, by their canonical IANA names (not the browser's aliases), and the one saved
 * when it is no longer among them (an alias chosen before), so the form still shows it.
 */
const timeZones = (saved: string | null | undefined): { value: string; label: string }[] =>
  (saved && !TIME_ZONES.includes(saved) ? [saved, ...TIME_ZONES] : TIME_ZONES).map((zone) => ({ value: zone, label: zone }));

/** Keeps what the browser remembers of the account (shown dates, header) in step with the saved profile. */
function rememberProfile(profile: ProfileRecord): void {
  const user = getUserInfo();
  const token = getToken();
  if (user && token) saveSession(token, { ...user, timeZone: profile.timeZone });
  else setDisplayTimeZone(profile.timeZone);
}

/**
 * One's own account, from the user menu (docs/security.md, "One's own account"): the profile (its
 * time zone is the one every date is shown in), one's own password, and the open sessions.
 * @route /profile
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const profile = useEndpointQuery(profileApi.detail, undefined);
  const sessions = useEndpointQuery(profileApi.sessions, undefined);
  const signOutOthers = useEndpointMutation(profileApi.signOutOthers, [profileApi.sessions]);
  const endSession = useEndpointMutation(profileApi.endSession, [profileApi.sessions]);
  const sendMailVerification = useEndpointMutation(profileApi.sendMailVerification);
  const verifyMail = useEndpointMutation(profileApi.verifyMail, [profileApi.detail]);
  const [open, setOpen] = useState<'edit' | 'password' | null>(null);
  const [sending, setSending] = useState(false);
  const record = profile.data;

  // The link mailed by "Verify my mail" opens this page with its token: used once, and taken off the
  // address once verified. A refusal is shown where every call's is and leaves the token there, so
  // reloading the page tries again (after a wait, say).
  const [params, setParams] = useSearchParams();
  const verifyToken = params.get('verifyMail');
  const verifying = useRef<string | null>(null);
  useEffect(() => {
    if (!verifyToken || verifying.current === verifyToken) return;
    verifying.current = verifyToken;
    verifyMail({ token: verifyToken }).then(
      (verified) => {
        setParams(
          (current) => {
            current.delete('verifyMail');
            return current;
          },
          { replace: true },
        );
        void message.success(t('profile.mailVerifiedNow', { email: verified.email ?? '' }));
      },
      () => undefined,
    );
  }, [verifyToken, setParams, verifyMail, message, t]);

  const askVerification = async () => {
    setSending(true);
    try {
      const { email } = await sendMailVerification(undefined);
      void message.success(t('profile.verifySent', { email }));
    } catch {
      // The refusal is shown where every call's is.
    } finally {
      setSending(false);
    }
  };

  const editFields: FormField<'name' | 'phone' | 'email' | 'language' | 'timeZone'>[] = [
    { name: 'name', labelKey: 'field.name', maxLength: 20 },
    { name: 'phone', labelKey: 'field.phone', maxLength: 20 },
    { name: 'email', labelKey: 'field.email', maxLength: 254 },
    {
      name: 'language',
      labelKey: 'field.language',
      type: 'select',
      options: LANGUAGES.map((language) => ({ value: language, labelKey: `shell.languageName.${language}` })),
    },
    { name: 'timeZone', labelKey: 'field.timeZone', type: 'select', options: timeZones(record?.timeZone), helpKey: 'profile.timeZoneHelp' },
  ];
  const passwordFields: FormField<'currentPassword' | 'password'>[] = [
    { name: 'currentPassword', labelKey: 'field.currentPassword', type: 'password' },
    { name: 'password', labelKey: 'profile.newPassword', type: 'password', helpKey: 'profile.passwordHelp' },
  ];

  return (
    <>
      <TitleBar
        title={t('page.profile')}
        operate={
          <Flex gap={8}>
            <Button onClick={() => setOpen('password')}>{t('profile.changePassword')}</Button>
            <Button type="primary" disabled={!record} onClick={() => setOpen('edit')}>
              {t('profile.edit')}
            </Button>
          </Flex>
        }
      />
      <Flex vertical gap={16}>
        {record ? (
          <DetailCards<ProfileRecord>
            record={record}
            fieldLabel={(field) => `field.${field}`}
            groups={[
              {
                titleKey: 'profile.cardAccount',
                items: [
                  { field: 'username' },
                  { field: 'name' },
                  { field: 'phone' },
                  {
                    field: 'email',
                    render: (r) =>
                      r.email ? (
                        <Flex gap={8} align="center" wrap>
                          <span>{r.email}</span>
                          {r.emailVerified ? (
                            <Tag color="green">{t('profile.mailVerified')}</Tag>
                          ) : (
                            <>
                              <Tag>{t('profile.mailUnverified')}</Tag>
                              <Button size="small" loading={sending} onClick={() => void askVerification()}>
                                {t('profile.verifyMail')}
                              </Button>
                            </>
                          )}
                        </Flex>
                      ) : (
                        t('common.empty')
                      ),
                  },
                  { field: 'language', render: (r) => (r.language ? t(`shell.languageName.${r.language}`) : t('profile.browserChoice')) },
                  {
                    field: 'timeZone',
                    render: (r) => r.timeZone ?? t('profile.browserChoice'),
                  },
                  { field: 'type', render: (r) => t(`shell.userType.${r.type}`) },
                  { field: 'merchantName', labelKey: 'field.merchantId' },
                  { field: 'lastLoginAt', labelKey: 'profile.lastLoginAt' },
                ],
              },
            ]}
          />
        ) : (
          <DetailState failed={profile.isError} titleKey="page.profile" onRetry={() => void profile.refetch()} />
        )}
        <Card
          title={t('profile.cardSessions')}
          extra={
            <ConfirmButton
              type="default"
              size="middle"
              labelKey="profile.signOutOthers"
              confirmKey="profile.confirmSignOutOthers"
              disabled={!sessions.data?.some((s) => !s.current)}
              onConfirm={async () => {
                const { ended } = await signOutOthers(undefined);
                void message.success(t('profile.signedOutOthers', { count: ended }));
              }}
            />
          }
        >
          <Table<SessionRecord>
            rowKey="id"
            size="small"
            pagination={false}
            loading={sessions.isLoading}
            dataSource={sessions.data ?? []}
            columns={[
              {
                key: 'userAgent',
                title: t('field.userAgent'),
                render: (_, s) => (
                  <Flex gap={8} align="center" wrap>
                    <span>{s.userAgent || t('common.empty')}</span>
                    {s.current ? <Tag color="blue">{t('profile.thisSession')}</Tag> : null}
                  </Flex>
                ),
              },
              { key: 'ip', title: t('field.ip'), dataIndex: 'ip', width: 160 },
              { key: 'createdAt', title: t('profile.signedInAt'), width: 220, render: (_, s) => formatDateTime(s.createdAt) },
              { key: 'lastSeenAt', title: t('field.lastSeenAt'), width: 220, render: (_, s) => formatDateTime(s.lastSeenAt) },
              {
                key: 'actions',
                title: t('common.actions'),
                width: 120,
                render: (_, s) =>
                  s.current ? null : (
                    <ConfirmButton
                      labelKey="profile.endSession"
                      confirmKey="profile.confirmEndSession"
                      danger
                      onConfirm={() => endSession({ id: s.id })}
                    />
                  ),
              },
            ]}
          />
        </Card>
      </Flex>
      <ResourceForm
        open={open === 'edit'}
        mode="edit"
        title={t('profile.edit')}
        schema={profileEdit}
        fields={editFields}
        initialValues={
          record
            ? {
                name: record.name,
                phone: record.phone ?? '',
                email: record.email ?? '',
                language: record.language,
                timeZone: record.timeZone,
              }
            : {}
        }
        submit={profileApi.edit}
        refresh={[profileApi.detail]}
        onClose={() => setOpen(null)}
        onSaved={(saved) => {
          const next = saved as ProfileRecord;
          rememberProfile(next);
          if (next.language && next.language !== currentLanguage()) void changeLanguage(next.language);
          void profile.refetch();
        }}
      />
      <ResourceForm
        open={open === 'password'}
        mode="add"
        container="modal"
        title={t('profile.changePassword')}
        schema={passwordChange}
        fields={passwordFields}
        submit={profileApi.changePassword}
        refresh={[profileApi.sessions]}
        successKey="profile.passwordChanged"
        onClose={() => setOpen(null)}
      />
    </>
  );
}
