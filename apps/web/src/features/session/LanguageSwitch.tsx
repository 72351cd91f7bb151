import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@swap/contracts';
import { changeLanguage, currentLanguage } from '../../i18n';
import { HTML_LANG } from '../../shared/language';

/** The sign-in page's language choice: plain buttons, so the page needs no UI library. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <nav className="language-switch" aria-label={t('shell.language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={HTML_LANG[language]}
          className="plain-button plain-button-text"
          aria-pressed={language === active}
          onClick={() => void changeLanguage(language)}
        >
          {t(`shell.languageName.${language}`)}
        </button>
      ))}
    </nav>
  );
}
