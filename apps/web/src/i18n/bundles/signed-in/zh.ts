import type { Catalogue } from '../../catalogue';
import { common } from '../../zh/signed-in/common';
import { deviceRegistry } from '../../zh/signed-in/deviceRegistry';
import { form } from '../../zh/signed-in/form';
import { idle } from '../../zh/signed-in/idle';
import { map } from '../../zh/signed-in/map';
import { nav } from '../../zh/signed-in/nav';
import { page } from '../../zh/signed-in/page';
import { shell } from '../../zh/signed-in/shell';
import { table } from '../../zh/signed-in/table';
import { tour } from '../../zh/signed-in/tour';

/**
 * The texts of this language only signed-in screens show (docs/web-kits.md, "Texts"), loaded with the
 * shell. Each file of `../../zh/signed-in/` is named here (the catalogue test finds one left out).
 */
export const catalogue: Catalogue = {
  ...common,
  ...deviceRegistry,
  ...form,
  ...idle,
  ...map,
  ...nav,
  ...page,
  ...shell,
  ...table,
  ...tour,
};
