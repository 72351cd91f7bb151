/** The first-visit tour of the shell (Tour.tsx). */
export const tour = {
  'tour.skip': 'Skip',
  'tour.back': 'Previous',
  'tour.next': 'Next',
  'tour.finish': 'Finish',
  'tour.close': 'Close',
  'tour.sidebarTitle': 'Menu',
  'tour.sidebarBody': 'Collapse or expand the side menu here to make room for wide lists.',
  'tour.quickLinksTitle': 'Quick links',
  'tour.quickLinksBody': 'Jump straight to any centre you are allowed to use.',
  'tour.languageTitle': 'Language',
  'tour.languageBody': 'Switch the interface language; your choice is remembered.',
};
