import { MENU_TREE } from '@swap/contracts';

/** A seeded centre, group or item by its code: its catalogue key and the name it was stored with. */
const SEEDED: ReadonlyMap<string, { titleKey: string; name: string }> = new Map(
  MENU_TREE.flatMap((centre) => [
    [centre.code, centre] as const,
    ...centre.groups.flatMap((group) => [[group.code, group] as const, ...group.items.map((item) => [item.code, item] as const)]),
  ]).map(([code, { titleKey, name }]) => [code, { titleKey, name }]),
);

/**
 * A stored menu's title for the reader: a seeded menu whose name nobody changed shows in the reader's
 * language; a name an administrator gave (or a menu they added) shows as written.
 */
export function menuTitle(menu: { code: string; name: string }, t: (key: string) => string): string {
  const seeded = SEEDED.get(menu.code);
  return seeded && seeded.name === menu.name ? t(seeded.titleKey) : menu.name;
}
