import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '@swap/contracts';

/** Demo mode only: the seeded accounts; choosing one fills the sign-in form. */
export function DemoAccounts({ config, onPick }: { config: PublicConfig; onPick: (username: string, password: string) => void }) {
  const { t } = useTranslation();
  if (!config.demo || config.demoAccounts.length === 0) return null;
  return (
    <section aria-labelledby="demo-accounts-title" className="demo-accounts">
      <h2 id="demo-accounts-title" className="demo-accounts-title">
        {t('session.demoTitle')}
      </h2>
      <p className="muted">{t('session.demoHint')}</p>
      <ul className="demo-account-list">
        {config.demoAccounts.map((account) => (
          <li key={account.username}>
            <button
              type="button"
              className="plain-button demo-account"
              onClick={() => onPick(account.username, config.demoPassword ?? '')}
              aria-label={`${t('session.demoUse', { username: account.username })} (${t(`shell.userType.${account.type}`)})`}
            >
              <span>{account.username}</span>
              <span className="demo-account-type">{t(`shell.userType.${account.type}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
