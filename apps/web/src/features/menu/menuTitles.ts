import seededNames from 'virtual:menu-names';

/**
 * A stored menu's title for the reader: a seeded menu whose name nobody changed shows in the reader's
 * language (`nav.<code>`); a name an administrator gave (or a menu they added) shows as written. The
 * seeded names come from the contracts' menu tree at build time (build-plugins/route-tables.ts).
 */
export function menuTitle(menu: { code: string; name: string }, t: (key: string) => string): string {
  return Object.hasOwn(seededNames, menu.code) && seededNames[menu.code] === menu.name ? t(`nav.${menu.code}`) : menu.name;
}
