import type { Catalogue } from '../../catalogue';
import { deviceRegistry } from '../../en/signed-in/deviceRegistry';
import { idle } from '../../en/signed-in/idle';
import { map } from '../../en/signed-in/map';
import { nav } from '../../en/signed-in/nav';
import { page } from '../../en/signed-in/page';
import { table } from '../../en/signed-in/table';
import { tour } from '../../en/signed-in/tour';

/**
 * The texts of this language only signed-in screens show (docs/web-kits.md, "Texts"), loaded with the
 * shell. Each file of `../../en/signed-in/` is named here (the catalogue test finds one left out).
 */
export const catalogue: Catalogue = { ...deviceRegistry, ...idle, ...map, ...nav, ...page, ...table, ...tour };
