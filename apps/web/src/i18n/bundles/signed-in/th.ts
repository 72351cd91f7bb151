import type { Catalogue } from '../../catalogue';
import { deviceRegistry } from '../../th/signed-in/deviceRegistry';
import { idle } from '../../th/signed-in/idle';
import { map } from '../../th/signed-in/map';
import { nav } from '../../th/signed-in/nav';
import { page } from '../../th/signed-in/page';
import { table } from '../../th/signed-in/table';
import { tour } from '../../th/signed-in/tour';

/**
 * The texts of this language only signed-in screens show (docs/web-kits.md, "Texts"), loaded with the
 * shell. Each file of `../../th/signed-in/` is named here (the catalogue test finds one left out).
 */
export const catalogue: Catalogue = { ...deviceRegistry, ...idle, ...map, ...nav, ...page, ...table, ...tour };
