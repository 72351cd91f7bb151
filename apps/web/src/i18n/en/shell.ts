/** Language names, the session dialog and the loading screens, shown signed out too (the header's words: signed-in/shell.ts). */
export const shell = {
  'shell.language': 'Language',
  'shell.languageName.en': 'English',
  'shell.languageName.in': 'Bahasa Indonesia',
  'shell.languageName.th': 'ไทย',
  'shell.languageName.zh': '中文',
  'shell.sessionTitle': 'Tip',
  'shell.sessionExpired': 'Login expired, please login again',
  'shell.loading': 'Loading the back-office',
  'shell.pageLoading': 'Loading the page',
};
