import type { Catalogue } from '../../catalogue';
import { common } from '../../in/signed-in/common';
import { deviceRegistry } from '../../in/signed-in/deviceRegistry';
import { form } from '../../in/signed-in/form';
import { idle } from '../../in/signed-in/idle';
import { map } from '../../in/signed-in/map';
import { nav } from '../../in/signed-in/nav';
import { page } from '../../in/signed-in/page';
import { shell } from '../../in/signed-in/shell';
import { table } from '../../in/signed-in/table';
import { tour } from '../../in/signed-in/tour';

/**
 * The texts of this language only signed-in screens show (docs/web-kits.md, "Texts"), loaded with the
 * shell. Each file of `../../in/signed-in/` is named here (the catalogue test finds one left out).
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
