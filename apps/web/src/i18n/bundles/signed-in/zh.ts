import type { Catalogue } from '../../catalogue';
import { deviceRegistry } from '../../zh/signed-in/deviceRegistry';
import { idle } from '../../zh/signed-in/idle';
import { map } from '../../zh/signed-in/map';
import { nav } from '../../zh/signed-in/nav';
import { page } from '../../zh/signed-in/page';
import { table } from '../../zh/signed-in/table';
import { tour } from '../../zh/signed-in/tour';

/**
 * The texts of this language only signed-in screens show (docs/web-kits.md, "Texts"), loaded with the
 * shell. Each file of `../../zh/signed-in/` is named here (the catalogue test finds one left out).
 */
export const catalogue: Catalogue = { ...deviceRegistry, ...idle, ...map, ...nav, ...page, ...table, ...tour };
