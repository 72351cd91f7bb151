/** The header's and sidebar's words: menu, quick links, user menu, alarm bell (the rest of `shell` is in ../shell.ts, shown signed out too). */
export const shell = {
  'shell.mainNav': 'Main navigation',
  'shell.toggleSidebar': 'Collapse or expand the menu',
  'shell.quickLinks': 'Quick links',
  'shell.noQuickLinks': 'No centre has a screen available yet',
  'shell.userMenu': 'User menu',
  'shell.signOut': 'Sign out',
  'shell.lockScreen': 'Lock screen',
  'shell.alarmsCounting': 'Unacknowledged alarms (header badge): counting',
  'shell.alarmsOpen': '{count} unacknowledged alarms (header badge)',
  'shell.newAlarm': '{level} alarm: {device}, {content}',
};
