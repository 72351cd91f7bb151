/** The menu feature's entry (docs/architecture.md): menu titles, which the role grant tree shows too. */
export { menuTitle } from './menuTitles';
