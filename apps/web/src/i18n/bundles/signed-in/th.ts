import type { Catalogue } from '../../catalogue';
import { common } from '../../th/signed-in/common';
import { deviceRegistry } from '../../th/signed-in/deviceRegistry';
import { form } from '../../th/signed-in/form';
import { idle } from '../../th/signed-in/idle';
import { map } from '../../th/signed-in/map';
import { nav } from '../../th/signed-in/nav';
import { page } from '../../th/signed-in/page';
import { shell } from '../../th/signed-in/shell';
import { table } from '../../th/signed-in/table';
import { tour } from '../../th/signed-in/tour';

/**
 * The texts of this language only signed-in screens show (docs/web-kits.md, "Texts"), loaded with the
 * shell. Each file of `../../th/signed-in/` is named here (the catalogue test finds one left out).
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
