import { MENU_TREE } from '@swap/contracts';

/** Catalogue key of a seeded centre, group or item by its code, so stored menus show in the user's language. */
const TITLE_KEYS: ReadonlyMap<string, string> = new Map(
  MENU_TREE.flatMap((centre) => [
    [centre.code, centre.titleKey] as const,
    ...centre.groups.flatMap((group) => [
      [group.code, group.titleKey] as const,
      ...group.items.map((item) => [item.code, item.titleKey] as const),
    ]),
  ]),
);

export function menuTitleKey(code: string): string | undefined {
  return TITLE_KEYS.get(code);
}
